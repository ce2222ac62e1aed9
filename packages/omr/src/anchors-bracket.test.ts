import { describe, expect, it } from 'vitest';
import { findBracketAnchor } from './anchors-bracket.js';
import { bracket, paint, square } from './testing/paint.js';

// Brackets with 50 px arms, 4 px strokes; the anchor point is the outer vertex (continuous coordinates).
describe('bracket anchors', () => {
  it('finds the vertex of each corner\'s bracket, whichever way its arms run', () => {
    const r = paint(500, 500, (p) => {
      bracket(p, 40, 30, 50, 4, 1, 1); // top-left: arms right and down
      bracket(p, 460, 30, 50, 4, -1, 1); // top-right
      bracket(p, 460, 470, 50, 4, -1, -1); // bottom-right
      bracket(p, 40, 470, 50, 4, 1, -1); // bottom-left
    });
    const at = (cx: number, cy: number) => findBracketAnchor(r, { cx, cy, w: 100, h: 100, radius: 60 });
    expect(at(45, 35)).toMatchObject({ x: 40, y: 30 });
    expect(at(455, 35)).toMatchObject({ x: 460, y: 30 });
    expect(at(455, 465)).toMatchObject({ x: 460, y: 470 });
    expect(at(45, 465)).toMatchObject({ x: 40, y: 470 });
  });

  it('does not take a solid mark, a square outline or a straight line for a bracket', () => {
    const r = paint(500, 500, (p) => {
      square(p, 20, 20, 50, true);
      square(p, 400, 20, 50, false);
      for (let x = 100; x < 150; x++) for (let y = 400; y < 404; y++) p.data[y * 500 + x] = 0;
    });
    expect(findBracketAnchor(r, { cx: 45, cy: 45, w: 100, h: 100, radius: 60 })).toBeNull();
    expect(findBracketAnchor(r, { cx: 425, cy: 45, w: 100, h: 100, radius: 60 })).toBeNull();
    expect(findBracketAnchor(r, { cx: 125, cy: 400, w: 100, h: 100, radius: 60 })).toBeNull();
  });
});
