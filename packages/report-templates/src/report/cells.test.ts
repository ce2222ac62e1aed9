import { describe, expect, it } from 'vitest';
import { columnWidths, linesOf, rowHeight } from './render.js';

describe('report table cells', () => {
  it('counts wrapped lines the way Chromium breaks CJK text', () => {
    // 52 px at 11 px: four glyphs a line, but 、 never starts a line, so its neighbour moves down with it
    // (printed as 语文、数 / 学、英 / 语、物 / 理、化 / 学、生 / 物、政 / 治、历 / 史、地理: 8 lines)
    expect(linesOf('语文、数学、英语、物理、化学、生物、政治、历史、地理', 52, 11)).toBe(8);
    expect(linesOf('默写', 52, 11)).toBe(1);
    expect(linesOf('（实用类文本）', 44, 11)).toBe(2);
  });

  it('widens 考号 and 姓名 to their longest value and never wraps them', () => {
    const columns = [{ title: '考号' }, { title: '姓名' }, ...Array.from({ length: 12 }, (_, i) => ({ title: `列${i}` }))];
    const rows = [['202601000001', '欧阳子涵', ...Array(12).fill('信息筛选与整合')]];
    const w = columnWidths(columns, rows, true);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(808, 6); // the content width
    expect(w[0]).toBeGreaterThanOrEqual(12 * 0.62 * 11 + 6);
    // 考号 90 px; the others (808 − 90) ÷ 13 = 55.2 px, less 6 px padding and border: four 11 px glyphs a line,
    // so the 7-glyph cells take two lines (2 × 17 + 8) while the 考号 stays on one
    expect(w[0]).toBe(90);
    expect(rowHeight(rows[0]!, columns, w, true)).toBe(2 * 17 + 8);
    expect(rowHeight(['1', '张三', ...Array(12).fill('1')], columns, w, true)).toBe(26);
  });
});
