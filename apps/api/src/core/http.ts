import { z } from 'zod';

/** A refusal the user should read: body { code, msg }, HTTP 200 (the clients read the body code). */
export class BizError extends Error {
  constructor(message: string, readonly code = 400, readonly data: unknown = null) {
    super(message);
  }
}

export const forbidden = () => new BizError('无权限访问', 403);
export const notFound = (what = '数据') => new BizError(`${what}不存在`, 404);
export const unauthorized = () => new BizError('登录已过期，请重新登录', 401);

export interface Envelope<T> { code: number; msg: string; data: T }

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, msg, data };
}

/** Query of every paginated list: current page (from 1) and page size. */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});

export interface Page<T> { records: T[]; total: number; current: number; size: number }

export function page<T>(records: T[], total: number, q: { current: number; size: number }): Page<T> {
  return { records, total, current: q.current, size: q.size };
}

/** Envelope schema for the OpenAPI document. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data: data.nullable() });
}
