import { z } from 'zod';
import { envelope } from '../../core/http.js';

/** Envelope whose data may be null: refusals ({ code ≠ 200, data: null }) are serialized with the route's 200 schema too. */
export const res = <T extends z.ZodType>(data: T) => envelope(data.nullable());
export const done = res(z.null());
export const idResult = res(z.object({ id: z.number() }));
export const deletedResult = res(z.object({ deleted: z.number() }));
