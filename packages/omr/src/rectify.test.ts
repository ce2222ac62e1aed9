import { describe, expect, it } from 'vitest';
import { applyHomography, fitHomography } from './homography.js';
import { recognizeSheet } from './recognize.js';
import { paint, ring } from './testing/paint.js';
import { photograph } from './testing/photo.js';
import type { Point } from './transform.js';
import type { BubbleGroup, SheetTemplate } from './types.js';

// A 300 × 400 form (OMRChecker-style: CropPage, no markers): 6 questions A–D, printed rings, marks painted on
// chosen bubbles, photographed at a slant. The reading must be the marks painted, and the map found must put
// the page's corners where the photo put them.
const rows = 6;
const group = (q: number): BubbleGroup => ({
  id: `q${q + 1}`, kind: 'single', block: 'MCQ', bubbles: ['A', 'B', 'C', 'D'].map((value, i) => ({ x: 70 + 50 * i, y: 80 + 45 * q, w: 24, h: 24, value })),
});
const template: SheetTemplate = {
  version: 1, name: 'photo', unit: 'px', width: 300, height: 400, anchors: [], findPage: true, alignFrame: true,
  questions: Array.from({ length: rows }, (_, q) => group(q)), blocks: [{ id: 'S1', rect: { x: 20, y: 350, w: 260, h: 40 } }],
};
const marks = ['B', 'D', 'A', 'C', 'C', 'A'];
const page = paint(300, 400, (c) => {
  c.data.fill(235);
  template.questions.forEach((g, q) => g.bubbles.forEach((b) => {
    ring(c, b.x + 12, b.y + 12, 12, 2, 60);
    if (b.value === marks[q]) ring(c, b.x + 12, b.y + 12, 10, 10, 40);
  }));
});
const where: Point[] = [[120.4, 80.2], [470.9, 112.6], [500.3, 570.8], [88.1, 540.5]];
const h = fitHomography([[0, 0], [300, 0], [300, 400], [0, 400]], where)!;

describe('photographed sheets (template.findPage)', () => {
  it('reads the marks through the perspective, and reports the map and the page corners', () => {
    const res = recognizeSheet(photograph(page, h, 600, 660), template);
    expect(res.status, res.reason).toBe('ok');
    expect(res.questions.map((q) => q.marked.join(''))).toEqual(marks);
    expect(res.questions.filter((q) => q.doubt)).toEqual([]);
    res.page!.forEach((p, i) => expect(Math.hypot(p[0] - where[i][0], p[1] - where[i][1])).toBeLessThan(1));
    const [x, y] = applyHomography(res.homography!, 150, 200);
    const [ex, ey] = applyHomography(h, 150, 200);
    expect(Math.hypot(x - ex, y - ey)).toBeLessThan(1);
    // the block's box, in the photo's pixels, holds the block's corners as the photo put them
    const b = res.blocks[0].rect;
    for (const [px, py] of [applyHomography(h, 20, 350), applyHomography(h, 280, 390)]) {
      expect(px).toBeGreaterThanOrEqual(b.x);
      expect(px).toBeLessThanOrEqual(b.x + b.w);
      expect(py).toBeGreaterThanOrEqual(b.y);
      expect(py).toBeLessThanOrEqual(b.y + b.h);
    }
  });

  it('a page scanned edge to edge (no background around it) is read as it is', () => {
    const res = recognizeSheet(page, template);
    expect(res.status, res.reason).toBe('ok');
    expect(res.questions.map((q) => q.marked.join(''))).toEqual(marks);
    expect(res.questions.filter((q) => q.doubt)).toEqual([]);
  });

  it('a picture without a page is rejected with the reason', () => {
    const res = recognizeSheet(paint(400, 400, (c) => c.data.fill(90)), template);
    expect(res.status).toBe('rejected');
    expect(res.reason).toMatch(/纸张边缘/);
  });
});
