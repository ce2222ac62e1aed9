import { describe, expect, it } from 'vitest';
import { recognizeSheet } from '../recognize.js';
import { paint, ring } from '../testing/paint.js';
import type { SheetTemplate } from '../types.js';
import { ImportError } from './imported.js';
import { placeOnScan } from './place.js';

// An OMRChecker-style frame: the four marker centres are the corners of a 1000 × 1000 frame, whatever the paper's
// proportions. On the blank scan (600 × 800) the markers sit at (50, 60), (550, 60), (550, 740), (50, 740): the
// frame maps to it with x' = 50 + 0.5 x, y' = 60 + 0.68 y (a stretch OMRChecker's warp hides).
const frame: SheetTemplate = {
  version: 1, name: 'frame', unit: 'px', width: 1000, height: 1000, anchorShape: 'ring', blocks: [],
  anchors: [[0, 0], [1000, 0], [1000, 1000], [0, 1000]].map(([x, y]) => ({ x: x - 40, y: y - 30, w: 80, h: 60 })),
  questions: [{ id: 'q1', kind: 'single', bubbles: [{ x: 480, y: 485, w: 40, h: 30, value: 'A' }, { x: 580, y: 485, w: 40, h: 30, value: 'B' }] }],
};
const MARKERS: [number, number][] = [[50, 60], [550, 60], [550, 740], [50, 740]];

function blankScan(mark?: [number, number]) {
  return paint(600, 800, (p) => {
    for (const [x, y] of MARKERS) { ring(p, x, y, 20, 5); ring(p, x, y, 7, 7); }
    if (mark) ring(p, mark[0], mark[1], 10, 10);
  });
}

describe('placing an imported template on the blank scan', () => {
  it('re-expresses every rectangle in pixels of the scan', () => {
    const t = placeOnScan(frame, blankScan());
    expect(t).toMatchObject({ width: 600, height: 800, unit: 'px', anchorShape: 'ring' });
    // bubble A's centre (500, 500) → (50 + 250, 60 + 340) = (300, 400); its 40 × 30 box → 20 × 20.4
    const a = t.questions[0].bubbles[0];
    expect(a.x + a.w / 2).toBeCloseTo(300, 0);
    expect(a.y + a.h / 2).toBeCloseTo(400, 0);
    expect(a.w).toBeCloseTo(20, 0);
    expect(a.h).toBeCloseTo(20.4, 0);
    expect(t.anchors[2].x + t.anchors[2].w / 2).toBeCloseTo(550, 0);
  });

  it('the placed template reads a sheet; the frame itself is refused (its proportions are not the paper\'s)', () => {
    const sheet = blankScan([350, 400]); // B: centre (600, 500) → (350, 400)
    const placed = recognizeSheet(sheet, placeOnScan(frame, blankScan()));
    expect(placed.status).toBe('ok');
    expect(placed.questions[0].marked).toEqual(['B']);
    expect(recognizeSheet(sheet, frame).status).toBe('rejected');
  });

  it('refuses a reference scan on which a marker is missing, saying so in Chinese', () => {
    const r = paint(600, 800, (p) => { for (const [x, y] of MARKERS.slice(0, 3)) ring(p, x, y, 20, 5); });
    expect(() => placeOnScan(frame, r)).toThrow(ImportError);
    expect(() => placeOnScan(frame, r)).toThrow('参考扫描图上只找到 3 个定位点（模板有 4 个）');
  });

  it('finds markers anywhere in their quarter when a crop keeps a wide margin (sample5\'s CamScanner crops)', () => {
    // markers inset by a quarter of the page: outside the search window around the frame's corners
    const inset: [number, number][] = [[150, 220], [450, 220], [450, 580], [150, 580]];
    const r = paint(600, 800, (p) => { for (const [x, y] of inset) { ring(p, x, y, 20, 5); ring(p, x, y, 7, 7); } });
    const t = placeOnScan(frame, r);
    t.anchors.forEach((a, i) => {
      expect(a.x + a.w / 2).toBeCloseTo(inset[i][0], 0);
      expect(a.y + a.h / 2).toBeCloseTo(inset[i][1], 0);
    });
  });

  it('leaves a photo template as it is: its frame is found on every picture (rectify.ts)', () => {
    const t = { ...frame, findPage: true };
    expect(placeOnScan(t, blankScan())).toBe(t);
  });

  it('leaves a template without anchors as it is (the page is its frame)', () => {
    const t = { ...frame, anchors: [] };
    expect(placeOnScan(t, blankScan())).toBe(t);
  });
});
