// templateFromCard on the demo 语文 card. Expected millimetres are worked out by hand from the card builder's
// geometry (packages/report-templates/src/card/build.ts): anchors 5 mm squares 10 mm in from the edges; 考号
// box at (18, 36) with colX0 = 3 + 5.2/2, rowY0 = 6 + 7 + 4.1/2, pitches 5.2 / 4.1; objective blocks at y 103
// with optionX0 = 9 + 3, rowY0 = 3 + 2.5, pitches 6 / 5; bubbles 4.2 × 2.6; page-code cells 2.4 mm at pitch 3.2.
import { encodePageCode } from '@jz/report-templates';
import { describe, expect, it } from 'vitest';
import { readPageCode, templateFromCard, type Rect, type SheetResult } from './index.js';
import { demoCard } from './testing/fixtures.js';

const { layout, template: t } = demoCard(0);

function expectRect(r: Rect | undefined, x: number, y: number, w: number, h: number) {
  expect(r).toBeDefined();
  expect(r!.x).toBeCloseTo(x, 6);
  expect(r!.y).toBeCloseTo(y, 6);
  expect(r!.w).toBeCloseTo(w, 6);
  expect(r!.h).toBeCloseTo(h, 6);
}

describe('templateFromCard', () => {
  it('gives the anchors in reading order and the 32 page-code cells', () => {
    expect(t).toMatchObject({ version: 1, unit: 'mm', width: 210, height: 297, page: 1 });
    expect(t.anchors).toEqual([{ x: 10, y: 10, w: 5, h: 5 }, { x: 195, y: 10, w: 5, h: 5 }, { x: 195, y: 282, w: 5, h: 5 }, { x: 10, y: 282, w: 5, h: 5 }]);
    expect(t.pageCode!.cells).toHaveLength(32);
    expectRect(t.pageCode!.cells[0], 23, 284.6, 2.4, 2.4); // y = 279 + 8 − 2.4
    expectRect(t.pageCode!.cells[31], 122.2, 284.6, 2.4, 2.4); // x = 23 + 31 × 3.2
  });

  it('places the 考号 bubbles, the barcode area and the 缺考 bubble', () => {
    const digits = t.admission!.digits!;
    expect(digits).toHaveLength(8);
    expect(digits[0].bubbles.map((b) => b.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expectRect(digits[0].bubbles[0], 21.5, 49.75, 4.2, 2.6); // centre (23.6, 51.05)
    expectRect(digits[7].bubbles[9], 57.9, 86.65, 4.2, 2.6); // centre (23.6 + 7 × 5.2, 51.05 + 9 × 4.1)
    expectRect(t.admission!.barcode, 68.6, 36, 61.7, 26);
    expectRect(t.absent, 86.5, 76.7, 4.2, 2.6); // centre (68.6 + 20, 64 + 14)
  });

  it('turns objective rows into bubble groups by question number, with their kind', () => {
    expect(t.questions.map((q) => [q.id, q.kind, q.bubbles.map((b) => b.value).join('')])).toEqual([
      ...Array.from({ length: 12 }, (_, i) => [String(i + 1), 'single', 'ABCD']),
      ['13', 'multiple', 'ABCDE'],
      ['14', 'single', '√×'],
      ['15', 'single', '√×'],
    ]);
    expectRect(t.questions[0].bubbles[0], 27.9, 107.2, 4.2, 2.6); // centre (18 + 12, 103 + 5.5)
    expectRect(t.questions[4].bubbles[3], 45.9, 127.2, 4.2, 2.6); // row 4, option D: centre (30 + 18, 108.5 + 20)
    expectRect(t.questions[12].bubbles[4], 127.9, 117.2, 4.2, 2.6); // block at x 94, row 2, option E
  });

  it('lists fill-in and subjective boxes as blocks to cut', () => {
    expect(t.blocks).toEqual([
      { id: '16', rect: { x: 18, y: 143, w: 85.5, h: 9 } },
      { id: '17', rect: { x: 106.5, y: 143, w: 85.5, h: 9 } },
      { id: '18', rect: { x: 18, y: 153, w: 85.5, h: 17 } },
      { id: '19', rect: { x: 106.5, y: 153, w: 85.5, h: 17 } },
      { id: '20', rect: { x: 18, y: 181, w: 174, h: 39 } },
      { id: '21', rect: { x: 18, y: 223, w: 174, h: 46 } },
    ]);
  });

  it('makes later pages without 考号 and reads their page code; refuses a page the card lacks', () => {
    const p2 = templateFromCard(layout, 1);
    expect(p2.page).toBe(2);
    expect(p2.admission).toBeUndefined();
    expect(p2.questions).toEqual([]);
    const result: SheetResult = { status: 'ok', rotation: 0, questions: [], blocks: [], pageCode: { bits: encodePageCode(1024, 2) } };
    expect(readPageCode(result)).toEqual({ id: 1024, page: 2 });
    expect(readPageCode({ ...result, pageCode: { bits: encodePageCode(1024, 2).map((b, i) => (i === 5 ? 1 - b : b) as 0 | 1) } })).toBeNull();
    expect(() => templateFromCard(layout, 3)).toThrow('答题卡没有第 4 页');
  });
});
