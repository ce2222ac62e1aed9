// Paper, columns, 考号 mode, 选做题 and dragged areas of the card maker, and the live validation.
// Expected geometry worked out by hand: A3 landscape 420 × 297 mm, sides 18 mm, gutter 8 mm →
// 3 columns of (420 − 36 − 16) / 3 = 122.667 mm at x = 18, 148.667, 279.333; 2 columns of (420 − 36 − 8) / 2 = 188 mm;
// A4 two columns (210 − 36 − 8) / 2 = 83 mm at x = 18 and 109.
import { describe, expect, it } from 'vitest';
import { DEMO_CARD_INPUT } from '../demo.js';
import { buildCardLayout, type BuildCardInput } from './build.js';
import { areaId, columnsOf } from './geometry.js';
import type { CardElement, CardLayout } from './layout.js';
import { renderCardHtml } from './render.js';
import { validateCardLayout } from './validate.js';

type El<K extends CardElement['kind']> = Extract<CardElement, { kind: K }>;
const all = (l: CardLayout) => l.pages.flatMap((p) => p.elements.map((e) => ({ page: p.index, e })));
const find = (l: CardLayout, id: string) => all(l).find((x) => areaId(x.e) === id)!;

/** Six written questions of 15 points: 70.5 mm boxes (18 + 15 × 3.5), 3 A4 pages in one column. */
const WRITTEN: BuildCardInput = {
  examName: '高二月考', subjectName: '数学', examSubjectId: 77, admissionDigits: 8, pages: 4,
  questions: [
    ...Array.from({ length: 10 }, (_, i) => ({ no: i + 1, type: 'single' as const, fullScore: 5 })),
    ...Array.from({ length: 6 }, (_, i) => ({ no: 17 + i, type: 'subjective' as const, fullScore: 15 })),
  ],
};

describe('columns', () => {
  it('splits the page width into columns 8 mm apart', () => {
    const r = (c: { x: number; w: number }[]) => c.map(({ x, w }) => [+x.toFixed(3), +w.toFixed(3)]);
    expect(r(columnsOf('A3', 3))).toEqual([[18, 122.667], [148.667, 122.667], [279.333, 122.667]]);
    expect(r(columnsOf('A3', 2))).toEqual([[18, 188], [214, 188]]);
    expect(r(columnsOf('A4', 2))).toEqual([[18, 83], [109, 83]]);
    expect(r(columnsOf('A4', 1))).toEqual([[18, 174]]);
  });

  it('a six-question written section: 3 A4 pages in one column, one A3 page in three columns', () => {
    expect(buildCardLayout(WRITTEN).pages).toHaveLength(3);
    const a3 = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3 });
    expect(a3).toMatchObject({ paper: 'A3', columns: 3 });
    expect(a3.pages).toHaveLength(1);
    expect(validateCardLayout(a3)).toEqual([]);
    // content flows column by column: every written box lies in one column, the later ones further right
    const xs = a3.pages[0].elements.filter((e): e is El<'subjective'> => e.kind === 'subjective').map((e) => +e.x.toFixed(3));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(new Set(xs)).toEqual(new Set([18, 148.667, 279.333].filter((x) => xs.includes(x))));
    expect(new Set(xs).size).toBeGreaterThanOrEqual(2);
  });

  it('A4 two columns: the head spans the page, the content is 83 mm wide', () => {
    const l = buildCardLayout({ ...DEMO_CARD_INPUT, columns: 2, pages: 4 });
    expect(validateCardLayout(l)).toEqual([]);
    expect(l.pages[0].elements.find((e) => e.kind === 'studentInfo')!.w).toBe(174);
    for (const { e } of all(l)) if (e.kind === 'subjective' || e.kind === 'essay') expect(e.w).toBe(83);
    const essay = all(l).map((x) => x.e).filter((e): e is El<'essay'> => e.kind === 'essay');
    // 83 / 8.7 ≈ 9.5 → at least 10 columns of 8.3 mm; 700 characters → 70 rows + 2 spare = 72 rows over the parts
    expect(essay[0].columns).toBe(10);
    expect(essay.reduce((n, e) => n + e.rows, 0)).toBe(72);
  });

  it('the default (A4, one column) card and every built layout pass validation', () => {
    expect(validateCardLayout(buildCardLayout(DEMO_CARD_INPUT))).toEqual([]);
    for (const [paper, columns] of [['A4', 1], ['A4', 2], ['A3', 2], ['A3', 3]] as const) {
      for (const admissionMode of ['bubbles', 'barcode'] as const) {
        const l = buildCardLayout({ ...DEMO_CARD_INPUT, paper, columns, admissionMode, pages: 4 });
        expect(validateCardLayout(l), `${paper} ${columns} ${admissionMode}`).toEqual([]);
      }
    }
  });

  it('refuses columns the paper does not allow', () => {
    expect(() => buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 1 })).toThrow('答题卡版式无效：A3 横向只能分 2 或 3 栏');
    expect(() => buildCardLayout({ ...WRITTEN, columns: 3 })).toThrow('答题卡版式无效：A4 纵向只能分 1 或 2 栏');
  });

  it('prints A3 landscape pages', () => {
    const html = renderCardHtml(buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3 }));
    expect(html).toContain('@page{size:A3 landscape;margin:0}');
    expect(html).toContain('.page{position:relative;width:420mm;height:297mm');
  });
});

describe('考号 by barcode label', () => {
  it('has no bubble grid, a label box of at least 40 × 20 mm, and a shorter head', () => {
    const bubbles = buildCardLayout(WRITTEN);
    const l = buildCardLayout({ ...WRITTEN, admissionMode: 'barcode' });
    const els = l.pages[0].elements;
    expect(els.some((e) => e.kind === 'admission')).toBe(false);
    const label = els.find((e) => e.kind === 'barcode')!;
    expect([label.w, label.h]).toEqual([70, 30]);
    const firstSection = (x: CardLayout) => x.pages[0].elements.find((e) => e.kind === 'sectionTitle')!.y;
    // bubbles: 24 + 9 + 3 + 56 (考号) + 4 = 96 mm; barcode: 24 + 9 + 3 + 44 (label, 缺考) + 4 = 84 mm
    expect(firstSection(bubbles)).toBe(96);
    expect(firstSection(l)).toBe(84);
  });
});

describe('选做题', () => {
  const input: BuildCardInput = {
    ...WRITTEN,
    questions: [...WRITTEN.questions, { no: 23, type: 'subjective', fullScore: 10, choice: 'A' }, { no: 24, type: 'subjective', fullScore: 10, choice: 'A' }],
  };

  it('is one written box with the bubbles of its questions', () => {
    const l = buildCardLayout(input);
    const choices = all(l).map((x) => x.e).filter((e): e is El<'choice'> => e.kind === 'choice');
    expect(choices).toHaveLength(1);
    expect(choices[0]).toMatchObject({ nos: [23, 24], fullScore: 10, w: 174, h: 57 }); // 18 + 10 × 3.5 + 4
    expect(all(l).some(({ e }) => e.kind === 'subjective' && (e.no === 23 || e.no === 24))).toBe(false);
    expect(validateCardLayout(l)).toEqual([]);
    const html = renderCardHtml(l);
    expect(html).toContain('选做题（10分）');
    expect(html).toContain('从第 23、24 题中任选一题作答，并用 2B 铅笔涂黑所选题号');
  });

  it('K > 1: K boxes of the group, each with the bubbles of every question of the group and its own id', () => {
    const three = (pick?: number) => [23, 24, 25].map((no) => ({ no, type: 'subjective' as const, fullScore: 10, choice: 'A', ...(pick ? { choicePick: pick } : {}) }));
    const l = buildCardLayout({ ...WRITTEN, questions: [...WRITTEN.questions, ...three(2)] });
    const choices = all(l).map((x) => x.e).filter((e): e is El<'choice'> => e.kind === 'choice');
    // two boxes (选做 2 of 3), each 57 mm high (18 + 10 × 3.5 + 4), the second 3 mm under the first when they share a column
    expect(choices.map((c) => [c.nos, c.slot, c.pick, c.h])).toEqual([[[23, 24, 25], 1, 2, 57], [[23, 24, 25], 2, 2, 57]]);
    expect(choices.map((c) => areaId(c))).toEqual(['choice:23/24/25#1', 'choice:23/24/25#2']);
    expect(validateCardLayout(l)).toEqual([]);
    const html = renderCardHtml(l);
    expect(html).toContain('选做①（10分）');
    expect(html).toContain('选做②（10分）');
    expect(html).toContain('从第 23、24、25 题中任选 2 题，每框答一题并涂黑该框所答题号，各框题号不同');
    // K = 1 of the same three: one box without a slot, as before
    const one = all(buildCardLayout({ ...WRITTEN, questions: [...WRITTEN.questions, ...three()] })).map((x) => x.e).filter((e) => e.kind === 'choice');
    expect(one.map((c) => [areaId(c), (c as El<'choice'>).slot])).toEqual([['choice:23/24/25', undefined]]);
    expect(() => buildCardLayout({ ...WRITTEN, questions: [...WRITTEN.questions, ...three(3)] })).toThrow('答题卡版式无效：选做题 23 选做 3 道须少于组内 3 道题');
    // both boxes in one column of the last page (4: 23/24/25#1 at y 20, #2 at 20 + 57 + 3 = 80)
    expect(all(l).filter((x) => x.e.kind === 'choice').map((x) => [x.page, x.e.y])).toEqual([[4, 20], [4, 80]]);
    // box 2 dragged onto page 3 (free below question 22's box, which ends at 93.5 + 70.5 = 164): refused live
    const moved = buildCardLayout({ ...WRITTEN, questions: [...WRITTEN.questions, ...three(2)],
      overrides: [{ area: 'choice:23/24/25#2', page: 3, x: 18, y: 170, w: 174, h: 57 }] });
    expect(validateCardLayout(moved).map((i) => i.message)).toEqual(['第 3 页：选做题 23/24/25 第 2 框须与同组第 1 框在同一页（第 4 页）']);
  });

  it('needs two questions', () => {
    expect(() => buildCardLayout({ ...WRITTEN, questions: [...WRITTEN.questions, { no: 23, type: 'subjective', fullScore: 10, choice: 'A' }] }))
      .toThrow('答题卡版式无效：选做题 23 至少要有两道可选的题');
  });
});

describe('dragged and resized areas, validated live', () => {
  const base = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3 });
  const box17 = find(base, 'subjective:17');
  const box18 = find(base, 'subjective:18');

  it('moves an area to the given page and box (rounded to 0.1 mm)', () => {
    const l = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'subjective:18', page: 1, x: 150.04, y: 200, w: 100, h: 50 }] });
    expect(find(l, 'subjective:18')).toMatchObject({ page: 1, e: { x: 150, y: 200, w: 100, h: 50 } });
    expect(find(l, 'subjective:17').e).toEqual(box17.e);
  });

  it('reports an overlap, naming both areas', () => {
    const { x, y, w, h } = box17.e;
    const l = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'subjective:18', page: 1, x, y: y + 10, w, h }] });
    expect(validateCardLayout(l).map((i) => i.message)).toContain('第 1 页：第 18 题答题区与第 17 题答题区重叠');
  });

  it('reports an area across a column gutter, outside the printable area, or too small', () => {
    const { y } = box18.e;
    const across = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'subjective:18', page: 1, x: 100, y: 250, w: 100, h: 25 }] });
    expect(validateCardLayout(across)).toEqual([{ page: 1, area: 'subjective:18', message: '第 1 页：第 18 题答题区跨栏或超出栏宽（每栏宽 122.7 mm）' }]);
    const out = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'subjective:18', page: 1, x: 300, y: 260, w: 100, h: 30 }] });
    expect(validateCardLayout(out).map((i) => i.message)).toEqual(['第 1 页：第 18 题答题区超出可打印区域（定位点以内、页码标识以上）']);
    const small = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'subjective:18', page: 1, x: box18.e.x, y, w: 30, h: 15 }] });
    expect(validateCardLayout(small).map((i) => i.message)).toEqual(['第 1 页：第 18 题答题区太小，至少需要 40 × 20 mm']);
    const obj = find(base, 'objective:1').e;
    const squeezed = buildCardLayout({ ...WRITTEN, paper: 'A3', columns: 3, overrides: [{ area: 'objective:1', page: 1, x: obj.x, y: obj.y, w: 20, h: obj.h }] });
    // 4 options: centre of D at 9 + 3 + 3 × 6 = 30 mm, + half a bubble 2.1 + 0.5 → 32.6 mm; 5 rows: 5.5 + 4 × 5 + 1.3 + 0.5 = 27.3 mm
    expect(validateCardLayout(squeezed).map((i) => i.message)).toEqual(['第 1 页：选择题 1–5太小，至少需要 33 × 28 mm（放不下全部选项）']);
  });

  it('an essay grid takes the columns and rows its new box holds', () => {
    const l = buildCardLayout({ ...DEMO_CARD_INPUT, pages: 3, overrides: [{ area: 'essay:23:0', page: 3, x: 18, y: 30, w: 100, h: 100 }] });
    const e = find(l, 'essay:23:0').e as El<'essay'>;
    // 8.7 mm cells: floor(100 / 8.7) = 11 columns; (100 − 8 − 1.2) / (8.7 + 1.2) = 9.17 → 9 rows
    expect([e.columns, e.rows, find(l, 'essay:23:0').page]).toEqual([11, 9, 3]);
  });

  it('ignores an area the card no longer has, refuses a page it does not have', () => {
    expect(buildCardLayout({ ...WRITTEN, overrides: [{ area: 'subjective:99', page: 1, x: 20, y: 30, w: 50, h: 50 }] })).toEqual(buildCardLayout(WRITTEN));
    expect(() => buildCardLayout({ ...WRITTEN, overrides: [{ area: 'subjective:17', page: 9, x: 20, y: 30, w: 50, h: 50 }] }))
      .toThrow('答题卡版式无效：区域 subjective:17 所在的第 9 页不存在（共 3 页）');
  });
});
