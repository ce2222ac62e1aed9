import { describe, expect, it } from 'vitest';
import { fitToBlank, snapShape, SnapError } from './blank-fit.js';
import { templateFromDrawing, type DrawnShape } from './drawing.js';
import { snapAnchor } from './snap-anchor.js';
import { snapGrid } from './snap-grid.js';
import { bracket, paint, ring, square, type Canvas } from './testing/paint.js';
import { recognizeSheet } from './recognize.js';
import type { Raster } from './types.js';

// A blank "vendor" card painted in code: 1000 × 1400 px, four corner marks, a 4 × 3 grid of ring bubbles
// (pitch 60 × 40, outer radius 12, centres listed below) inside table lines, with a letter-like bar in every
// bubble. Expected centres and sizes are the painted ones, worked out from the drawing code below.
const W = 1000;
const H = 1400;
const GRID = { x0: 300, y0: 500, px: 60, py: 40, rows: 4, cols: 3 };
const centre = (r: number, c: number) => [GRID.x0 + c * GRID.px + GRID.px / 2, GRID.y0 + r * GRID.py + GRID.py / 2] as const;

/** An L block: a 60 px square without its bottom-right 30 px quarter (ink centroid 25 px in, box centre 30). */
function lBlock(c: Canvas, x: number, y: number) {
  for (let j = y; j < y + 60; j++) for (let i = x; i < x + 60; i++) if (!(i >= x + 30 && j >= y + 30)) c.data[j * c.width + i] = 0;
}

function blank(corners: 'L' | 'ring' | 'bracket', fill: [number, number][] = []): Raster {
  return paint(W, H, (c) => {
    if (corners === 'L') { lBlock(c, 60, 60); square(c, 880, 60, 60, true); square(c, 880, 1280, 60, true); square(c, 60, 1280, 60, true); }
    if (corners === 'ring') for (const [x, y] of [[90, 90], [910, 90], [910, 1310], [90, 1310]] as const) ring(c, x, y, 30, 8);
    if (corners === 'bracket') { bracket(c, 60, 60, 50, 4, 1, 1); bracket(c, 940, 60, 50, 4, -1, 1); bracket(c, 940, 1340, 50, 4, -1, -1); bracket(c, 60, 1340, 50, 4, 1, -1); }
    // table lines between the cells (longer than a cell: never a bubble)
    for (let r = 0; r <= GRID.rows; r++) for (let x = GRID.x0; x < GRID.x0 + GRID.cols * GRID.px; x++) c.data[(GRID.y0 + r * GRID.py) * W + x] = 0;
    for (let k = 0; k <= GRID.cols; k++) for (let y = GRID.y0; y < GRID.y0 + GRID.rows * GRID.py; y++) c.data[y * W + GRID.x0 + k * GRID.px] = 0;
    for (let r = 0; r < GRID.rows; r++) {
      for (let k = 0; k < GRID.cols; k++) {
        const [x, y] = centre(r, k);
        const filled = fill.some(([fr, fk]) => fr === r && fk === k);
        ring(c, x, y, 12, filled ? 12 : 2);
        for (let j = y - 5; j < y + 5; j++) for (let i = x - 1; i < x + 1; i++) c.data[Math.floor(j) * W + Math.floor(i)] = 0; // the printed letter
      }
    }
  });
}

describe('snapAnchor: the rect is centred where the engine measures the mark', () => {
  it('an L block: its ink centroid (85, 85), not its box centre (90, 90)', () => {
    // L of three 30 px squares at (60,60), (90,60), (60,90): centroid x = (75 + 105 + 75) / 3 = 85, likewise y
    const s = snapAnchor(blank('L'), { x: 40, y: 45, w: 100, h: 90 })!;
    expect(s.shape).toBe('solid');
    expect(s.rect.x + s.rect.w / 2).toBeCloseTo(85, 0);
    expect(s.rect.y + s.rect.h / 2).toBeCloseTo(85, 0);
    expect([s.rect.w, s.rect.h]).toEqual([60, 60]);
  });

  it('a ring and a bracket are recognised by shape and placed on their centre and vertex', () => {
    const r = snapAnchor(blank('ring'), { x: 40, y: 50, w: 110, h: 90 })!;
    expect(r.shape).toBe('ring');
    expect(r.rect.x + r.rect.w / 2).toBeCloseTo(90, 0);
    const b = snapAnchor(blank('bracket'), { x: 45, y: 40, w: 80, h: 90 })!;
    expect(b.shape).toBe('bracket');
    // the rect spans the vertex ± one arm (50 px): centred on (60, 60)
    expect([b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2]).toEqual([60, 60]);
    expect(b.rect.w).toBe(100);
  });

  it('a box off the blank or larger than it is refused before any search', () => {
    expect(() => snapShape(blank('L'), { kind: 'objective', id: 'o', x: 0, y: 0, w: 1e9, h: 1e9, rows: 60, cols: 26, inset: 0, firstQuestion: 1, multiple: false })).toThrow('框选区域超出了空白答题卡范围');
    expect(() => snapShape(blank('L'), { kind: 'anchor', id: 'a', x: -500, y: 10, w: 100, h: 100 })).toThrow('框选区域超出了空白答题卡范围');
  });

  it('an empty box finds nothing', () => {
    expect(snapAnchor(blank('L'), { x: 400, y: 200, w: 80, h: 80 })).toBeNull();
    expect(() => snapShape(blank('L'), { kind: 'anchor', id: 'a', x: 400, y: 200, w: 80, h: 80 })).toThrow(SnapError);
  });
});

describe('snapGrid: the printed bubbles, not the drawn box', () => {
  it('a box drawn off by a third of a pitch lands on the painted centres and ring size', () => {
    // drawn 20 px right, 12 px low and 30 px too wide / 10 px too short
    const g = snapGrid(blank('L'), { x: GRID.x0 + 20, y: GRID.y0 + 12, w: GRID.cols * GRID.px + 30, h: GRID.rows * GRID.py - 10, rows: 4, cols: 3 })!;
    expect(g.found).toBe(12);
    // outline: cells of pitch 60 × 40 from (300, 500); rings 24 px across (radius 12, painted on pixel centres)
    expect(g.rect.x).toBeCloseTo(300, 0);
    expect(g.rect.y).toBeCloseTo(500, 0);
    expect(g.rect.w).toBeCloseTo(180, 0);
    expect(g.rect.h).toBeCloseTo(160, 0);
    expect(g.bubble.w).toBeGreaterThanOrEqual(23);
    expect(g.bubble.w).toBeLessThanOrEqual(25);
  });

  it('the wrong number of rows is refused with the counts in the message', () => {
    expect(() => snapShape(blank('L'), { kind: 'objective', id: 'o', x: 300, y: 500, w: 180, h: 160, rows: 9, cols: 7, inset: 0.2, firstQuestion: 1, multiple: false }))
      .toThrow('框内没有找到 9 行 × 7 列的涂点');
  });
});

describe('a template drawn roughly and snapped reads the card', () => {
  it('reads the filled bubbles of a sheet, whatever the drawn inset', () => {
    const shapes: DrawnShape[] = [
      { kind: 'anchor', id: 'a1', x: 45, y: 50, w: 100, h: 95 },
      { kind: 'anchor', id: 'a2', x: 870, y: 40, w: 90, h: 90 },
      { kind: 'anchor', id: 'a3', x: 865, y: 1265, w: 90, h: 95 },
      { kind: 'anchor', id: 'a4', x: 50, y: 1270, w: 85, h: 90 },
    ];
    const readWith = (inset: number) => {
      const grid: DrawnShape = { kind: 'objective', id: 'o', x: 310, y: 490, w: 190, h: 170, rows: 4, cols: 3, inset, firstQuestion: 1, multiple: false };
      const snapped = [...shapes, grid].map((s) => snapShape(blank('L'), s));
      const fit = fitToBlank(blank('L'), templateFromDrawing({ name: '卡', width: W, height: H, shapes: snapped }));
      expect(fit.problems).toEqual([]);
      // the painted bar inside every bubble: letters are detected on the blank
      expect(fit.template.printedLabels).toBe(true);
      return recognizeSheet(blank('L', [[0, 1], [1, 0], [2, 2], [3, 1]]), fit.template).questions.map((q) => `${q.marked.join('')}${q.doubt ? '?' : ''}`);
    };
    expect(readWith(0.1)).toEqual(['B', 'A', 'C', 'B']);
    expect(readWith(0.35)).toEqual(['B', 'A', 'C', 'B']);
  });

  it('fitToBlank names an anchor box with no mark in it', () => {
    const t = templateFromDrawing({ name: '卡', width: W, height: H, shapes: [
      { kind: 'anchor', id: 'a1', x: 60, y: 60, w: 60, h: 60 }, { kind: 'anchor', id: 'a2', x: 880, y: 60, w: 60, h: 60 },
      { kind: 'anchor', id: 'a3', x: 880, y: 1280, w: 60, h: 60 }, { kind: 'anchor', id: 'a4', x: 400, y: 1000, w: 60, h: 60 },
      { kind: 'subjective', id: 's', x: 100, y: 300, w: 500, h: 100, label: '13' },
    ] });
    expect(fitToBlank(blank('L'), t).problems).toEqual(['定位点 4 的框内没有找到定位标记：请把框放在答题卡角上的定位标记上']);
  });
});
