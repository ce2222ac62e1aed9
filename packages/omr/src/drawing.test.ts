import { describe, expect, it } from 'vitest';
import { DrawingError, orderAnchors, templateFromDrawing, validateDrawing, type Drawing, type DrawnShape } from './drawing.js';

// Expected rectangles below are worked out by hand from the grid rule (cell = w/cols × h/rows, bubble = cell inset
// by `inset` of the cell on every side), written next to each expectation.

const anchors: DrawnShape[] = [
  // deliberately out of order: bottom-right, top-left, bottom-left, top-right
  { kind: 'anchor', id: 'a3', x: 1100, y: 1600, w: 40, h: 40 },
  { kind: 'anchor', id: 'a1', x: 60, y: 60, w: 40, h: 40 },
  { kind: 'anchor', id: 'a4', x: 60, y: 1600, w: 40, h: 40 },
  { kind: 'anchor', id: 'a2', x: 1100, y: 60, w: 40, h: 40 },
];

const drawing = (shapes: DrawnShape[]): Drawing => ({ name: '某公司答题卡', width: 1200, height: 1700, shapes: [...anchors, ...shapes] });

describe('templateFromDrawing', () => {
  it('orders anchors top-left, top-right, bottom-right, bottom-left', () => {
    const t = templateFromDrawing(drawing([{ kind: 'subjective', id: 's', x: 100, y: 900, w: 1000, h: 300, label: '13' }]));
    expect(t.anchors).toEqual([
      { x: 60, y: 60, w: 40, h: 40 },
      { x: 1100, y: 60, w: 40, h: 40 },
      { x: 1100, y: 1600, w: 40, h: 40 },
      { x: 60, y: 1600, w: 40, h: 40 },
    ]);
    expect(t).toMatchObject({ version: 1, unit: 'px', width: 1200, height: 1700, name: '某公司答题卡' });
    expect(t.blocks).toEqual([{ id: '13', rect: { x: 100, y: 900, w: 1000, h: 300 } }]);
  });

  it('splits an objective group into questions (rows) and options (columns)', () => {
    // 3 questions from 6, options A–D, rect 400×90 at (200, 500), inset 0.1:
    // cell 100×30 → bubble 80×24; question 7 (row 1) option C (col 2): x = 200 + 2·100 + 10 = 410, y = 500 + 30 + 3 = 533.
    const t = templateFromDrawing(drawing([{ kind: 'objective', id: 'o', x: 200, y: 500, w: 400, h: 90, rows: 3, cols: 4, inset: 0.1, firstQuestion: 6, multiple: false }]));
    expect(t.questions.map((q) => q.id)).toEqual(['6', '7', '8']);
    expect(t.questions.every((q) => q.kind === 'single' && q.bubbles.map((b) => b.value).join('') === 'ABCD')).toBe(true);
    expect(t.questions[1]!.bubbles[2]).toEqual({ x: 410, y: 533, w: 80, h: 24, value: 'C' });
    expect(t.questions[0]!.bubbles[0]).toEqual({ x: 210, y: 503, w: 80, h: 24, value: 'A' });
  });

  it('sorts questions of several groups by number and keeps 多选 groups multiple', () => {
    const t = templateFromDrawing(drawing([
      { kind: 'objective', id: 'b', x: 600, y: 500, w: 300, h: 60, rows: 2, cols: 3, inset: 0, firstQuestion: 3, multiple: true },
      { kind: 'objective', id: 'a', x: 200, y: 500, w: 300, h: 60, rows: 2, cols: 3, inset: 0, firstQuestion: 1, multiple: false },
    ]));
    expect(t.questions.map((q) => `${q.id}${q.kind[0]}`)).toEqual(['1s', '2s', '3m', '4m']);
    // inset 0: question 4 option B = x 600 + 100, y 500 + 30, 100×30
    expect(t.questions[3]!.bubbles[1]).toEqual({ x: 700, y: 530, w: 100, h: 30, value: 'B' });
  });

  it('reads the 考号 grid as one digit group per column, values 0–9 from the top', () => {
    // 8 digits × 10 rows over 320×400 at (700, 150), inset 0.2: cell 40×40 → bubble 24×24;
    // digit 3 (col 2) value 5 (row 5): x = 700 + 80 + 8 = 788, y = 150 + 200 + 8 = 358.
    const t = templateFromDrawing(drawing([
      { kind: 'admission', id: 'k', x: 700, y: 150, w: 320, h: 400, rows: 10, cols: 8, inset: 0.2 },
      { kind: 'absent', id: 'm', x: 300.04, y: 200, w: 50, h: 20 },
      { kind: 'subjective', id: 's', x: 100, y: 900, w: 1000, h: 300, label: ' 13-15 ' },
    ]));
    const digits = t.admission!.digits!;
    expect(digits).toHaveLength(8);
    expect(digits.map((g) => g.id)).toEqual(['digit-1', 'digit-2', 'digit-3', 'digit-4', 'digit-5', 'digit-6', 'digit-7', 'digit-8']);
    expect(digits[2]!.bubbles.map((b) => b.value).join('')).toBe('0123456789');
    expect(digits[2]!.bubbles[5]).toEqual({ x: 788, y: 358, w: 24, h: 24, value: '5' });
    expect(t.absent).toEqual({ x: 300, y: 200, w: 50, h: 20 });
    expect(t.blocks[0]!.id).toBe('13-15');
  });

  it('refuses an incomplete drawing with every reason in Chinese', () => {
    const bad: Drawing = {
      name: '', width: 1200, height: 1700,
      shapes: [
        anchors[0]!, anchors[1]!,
        { kind: 'objective', id: 'a', x: 200, y: 500, w: 300, h: 60, rows: 2, cols: 4, inset: 0.1, firstQuestion: 1, multiple: false },
        { kind: 'objective', id: 'b', x: 200, y: 600, w: 300, h: 60, rows: 2, cols: 4, inset: 0.1, firstQuestion: 2, multiple: false },
        { kind: 'subjective', id: 's', x: 100, y: 1650, w: 1000, h: 300, label: '5' },
      ],
    };
    expect(validateDrawing(bad)).toEqual([
      '定位点需要 4 个（四角各一个），当前 2 个',
      '主观题区域（5）超出了答题卡范围',
      '题号重复：2',
    ]);
    expect(() => templateFromDrawing(bad)).toThrow(DrawingError);
    expect(validateDrawing({ name: '', width: 1200, height: 1700, shapes: anchors })).toEqual(['请至少框选一组客观题或一个主观题区域']);
  });

  it('refuses four anchors that are not one per corner', () => {
    const twoLeft = [anchors[1]!, { ...anchors[1]!, id: 'x', y: 100 }, anchors[2]!, anchors[3]!];
    expect(() => templateFromDrawing({ name: 'x', width: 1200, height: 1700, shapes: [...twoLeft, { kind: 'subjective', id: 's', x: 100, y: 900, w: 100, h: 100, label: '1' }] }))
      .toThrow('定位点应分别位于答题卡四角');
  });
});

describe('orderAnchors', () => {
  it('handles a slightly rotated page', () => {
    const r = (x: number, y: number) => ({ x, y, w: 10, h: 10 });
    // corners of a page turned about 3°: top-right is a little lower than top-left, bottom-left a little right
    expect(orderAnchors([r(1000, 1450), r(1000, 50), r(75, 1400), r(20, 0)])).toEqual([r(20, 0), r(1000, 50), r(1000, 1450), r(75, 1400)]);
  });
});
