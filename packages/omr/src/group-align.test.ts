import { describe, expect, it } from 'vitest';
import { settleTemplate } from './group-align.js';
import { paint, ring } from './testing/paint.js';
import type { BubbleGroup, SheetTemplate } from './types.js';

// Printed bubbles (rings of radius 10, pitch 40) drawn 6 px right and 4 px down of where the template puts them
// in one block, exactly where it says in the other: each block settles by its own offset.
const group = (id: string, block: string, x0: number, y: number): BubbleGroup => ({
  id, kind: 'single', block, bubbles: ['A', 'B', 'C', 'D'].map((value, i) => ({ x: x0 + 40 * i - 10, y: y - 10, w: 20, h: 20, value })),
});
const template: SheetTemplate = {
  version: 1, name: 't', unit: 'px', width: 400, height: 400, anchors: [], blocks: [],
  questions: [group('q1', 'left', 40, 60), group('q2', 'left', 40, 100), group('q3', 'left', 40, 140), group('q4', 'right', 240, 60), group('q5', 'right', 240, 100)],
};
const raster = paint(400, 400, (c) => {
  for (const y of [60, 100, 140]) for (let i = 0; i < 4; i++) ring(c, 40 + 40 * i + 6, y + 4, 10, 2);
  for (const y of [60, 100]) for (let i = 0; i < 4; i++) ring(c, 240 + 40 * i, y, 10, 2);
  ring(c, 40 + 6, 104, 8, 8); // a mark in q2's A: it does not pull its block
});

describe('settleTemplate', () => {
  it('moves each block onto its printed bubbles', () => {
    const t = settleTemplate(raster, template, [1, 0, 0, 0, 1, 0]);
    const centre = (id: string) => { const b = t.questions.find((g) => g.id === id)!.bubbles[1]; return [b.x + b.w / 2, b.y + b.h / 2]; };
    // whole-pixel moves: within a pixel of the painted centres
    const near = (id: string, want: number[]) => { const c = centre(id); expect(Math.hypot(c[0] - want[0], c[1] - want[1]), id).toBeLessThanOrEqual(1.5); };
    near('q1', [86, 64]);
    near('q3', [86, 144]);
    near('q4', [280, 60]);
  });
  it('carries the template by the affine first (scale 2: sizes double)', () => {
    const t = settleTemplate(paint(800, 800, () => {}), template, [2, 0, 0, 0, 2, 0]);
    expect(t.questions[0].bubbles[0]).toMatchObject({ w: 40, h: 40 });
    expect(t.width).toBe(800);
  });
});
