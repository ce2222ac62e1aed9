import { describe, expect, it } from 'vitest';
import { alignToPrint } from './page-align.js';
import { recognizeSheet } from './recognize.js';
import { paint, ring } from './testing/paint.js';
import { applyAffine } from './transform.js';
import type { SheetTemplate } from './types.js';

// A form without anchors: 10 questions × 4 printed bubbles (r = 10 px, pitch 30 px) on a 400 × 500 page.
const template: SheetTemplate = {
  version: 1, name: 'no anchors', unit: 'px', width: 400, height: 500, anchors: [], blocks: [], alignFrame: true,
  questions: Array.from({ length: 10 }, (_, q) => ({
    id: String(q + 1), kind: 'single' as const,
    bubbles: ['A', 'B', 'C', 'D'].map((value, k) => ({ x: 100 + 30 * k, y: 80 + 30 * q, w: 20, h: 20, value })),
  })),
};

/** The form as a scanner cropped it: everything moved by (dx, dy) and scaled by s about the page origin; marks filled. */
function scan(dx: number, dy: number, s: number, marks: Record<string, string>) {
  return paint(400, 500, (p) => {
    for (const g of template.questions) {
      for (const b of g.bubbles) {
        const cx = (b.x + 10) * s + dx;
        const cy = (b.y + 10) * s + dy;
        ring(p, cx, cy, 10 * s, marks[g.id] === b.value ? 10 * s : 2);
      }
    }
  });
}

describe('page frame settled on the printed bubbles (templates without anchors)', () => {
  it('recovers a crop shifted by a third of a bubble pitch and scaled by 2 %', () => {
    const r = scan(9, -8, 1.02, {});
    const t = alignToPrint(r, template, [1, 0, 0, 0, 1, 0]);
    // where the template's bubble centres land, against where they were painted
    for (const [x, y] of [[110, 90], [200, 350]]) {
      const [u, v] = applyAffine(t, x, y);
      expect(Math.abs(u - (x * 1.02 + 9))).toBeLessThan(1.5);
      expect(Math.abs(v - (y * 1.02 - 8))).toBeLessThan(1.5);
    }
  });

  it('reads the marks of such a crop (there the plain page frame is 13 px, more than a bubble radius, off)', () => {
    const marks = { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'A', 6: 'B', 7: 'C', 8: 'D', 9: 'A', 10: 'B' } as Record<string, string>;
    const r = recognizeSheet(scan(9, -8, 1.02, marks), template);
    expect(r.status).toBe('ok');
    expect(r.questions.map((q) => q.marked.join(''))).toEqual(Object.values(marks));
    expect(r.questions.every((q) => !q.doubt)).toBe(true);
  });
});
