import type { FastifyInstance } from 'fastify';
import { BizError } from './http.js';

/**
 * Input that PostgreSQL cannot store or compute with is refused before any route runs, and whatever still
 * reaches SQL is answered as bad input (400) instead of a crash (500).
 */

export const NUL_MESSAGE = '参数错误：不能包含空字符';

/** True when a string, a key or any nested string of a JSON value holds a NUL character (text columns refuse it). */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  if (Buffer.isBuffer(value)) return false; // file bytes
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Refuses a NUL in the fields (and file name) of a multipart upload, parsed lazily by the upload routes. */
export function assertNoNulFields(fields: Record<string, unknown> | undefined, filename?: string): void {
  if (filename?.includes('\u0000')) throw new BizError(NUL_MESSAGE);
  for (const f of Object.values(fields ?? {})) {
    for (const part of [f].flat() as Array<{ type?: string; value?: unknown; fieldname?: string } | undefined>) {
      if (part?.fieldname?.includes('\u0000') || (part?.type === 'field' && hasNul(part.value))) throw new BizError(NUL_MESSAGE);
    }
  }
}

/** A NUL anywhere in the query, the path parameters or a JSON body: 400 before validation and the route. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) throw new BizError(NUL_MESSAGE);
  });
}

/** PostgreSQL errors caused by the values of a request (SQLSTATE class 22 and too-long index keys). */
const PG_INPUT_ERRORS: Record<string, string> = {
  '22P05': '参数错误：包含无法保存的字符',
  '22021': '参数错误：包含无法识别的字符',
  '22003': '参数错误：数值超出范围',
  '22008': '参数错误：日期超出范围',
  '22007': '参数错误：日期格式不正确',
  '22001': '参数错误：内容过长',
  '22P02': '参数错误：格式不正确',
  '54000': '参数错误：内容过长',
};

/** The Chinese message for a PostgreSQL error that bad input caused, else undefined (a real crash). */
export function pgInputErrorMessage(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? PG_INPUT_ERRORS[code] : undefined;
}
