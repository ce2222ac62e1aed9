import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateStr, id, isRealDate, nameOf, trimmed } from './common.js';

describe('common request schemas', () => {
  it('ids are int4: 1..2147483647, digits of a query string accepted', () => {
    expect(id.parse('2147483647')).toBe(2147483647);
    expect(id.parse(1)).toBe(1);
    for (const bad of [0, -1, 2147483648, 1e308, 1.5, 'abc', '1e999']) expect(id.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('dates must exist on the calendar', () => {
    expect(dateStr.parse('2028-02-29')).toBe('2028-02-29');
    expect(isRealDate('2026-12-31')).toBe(true);
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '0000-01-01', '2026-2-3', '2026-02-30T00:00'])
      expect(dateStr.safeParse(bad).success, bad).toBe(false);
    expect(dateStr.safeParse('2026-02-30').error?.issues[0]?.message).toBe('日期不存在：2026-02-30');
  });

  it('names of spaces or zero-width characters are empty', () => {
    const name = nameOf('班级名称', 20);
    expect(name.parse(' \u200b1班\u200d ')).toBe('1班');
    for (const bad of ['\u200b\u200b', '   ', '\u3000', '\ufeff \u2060', '']) expect(name.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('请输入班级名称');
    expect(trimmed().min(1).safeParse('\u200b ').success).toBe(false);
    // Still a plain string in the JSON schema of the OpenAPI document.
    expect(z.toJSONSchema(name, { io: 'input' })).toMatchObject({ type: 'string', minLength: 1, maxLength: 20 });
  });
});
