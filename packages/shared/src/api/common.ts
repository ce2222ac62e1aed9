/**
 * Building blocks of every request schema: ids, dates and names. Declared once so that a bad value (an id
 * beyond the database's int4, 2026-02-30, a name of spaces or zero-width characters) is refused with a
 * Chinese message by validation, before it reaches SQL.
 */
import { z } from 'zod';

/** Largest PostgreSQL int4 (serial ids). */
export const INT4_MAX = 2147483647;

/** An id from a request (digits of a query string accepted): a whole number 1..2147483647. */
export const idOf = (label?: string) => {
  const msg = label ? `${label}格式不正确` : undefined;
  return z.coerce.number(msg ? { error: msg } : undefined).int(msg).min(1, msg ?? '编号须为正整数').max(INT4_MAX, msg ?? '编号超出范围');
};
export const id = idOf();

/** A whole number stored in an int4 column (sort orders, counts): 0..2147483647 unless narrowed further. */
export const int4 = z.coerce.number().int().min(0).max(INT4_MAX, '数值超出范围');

/** True for a real calendar day in 1900..2200 written YYYY-MM-DD (2026-02-30 is not). */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A date YYYY-MM-DD that exists on the calendar. */
export const dateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(isRealDate, { error: (iss) => `日期不存在：${String(iss.input).slice(0, 20)}` });

/** Invisible format characters (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi marks). */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
export const stripInvisible = (s: string) => s.replace(INVISIBLE, '');

/**
 * A required name or text: invisible characters removed, then trimmed, so that "　", " " or "\u200b\u200b" is
 * refused as empty (请输入<label>). `overwrite` keeps it a plain string for the OpenAPI document.
 */
export const nameOf = (label: string, max: number, empty = `请输入${label}`) =>
  z.string({ error: empty }).overwrite(stripInvisible).trim().min(1, empty).max(max, `${label}不能超过${max}个字符`);

/** A string with invisible characters removed and trimmed: the start of every free-text request field. */
export const trimmed = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripInvisible).trim();
