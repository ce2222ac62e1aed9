import { describe, expect, it } from 'vitest';
import { applyHomography, fitHomography } from './homography.js';
import { findPage } from './page-edges.js';
import { paint, square } from './testing/paint.js';
import { photograph } from './testing/photo.js';
import type { Point } from './transform.js';

// A 300 × 400 page with some print (paper 235), photographed at a slant onto a 640 × 720 picture: the corners
// are where the map puts the page's corners, computed here, not by the code under test.
const page = paint(300, 400, (c) => {
  c.data.fill(235);
  for (let k = 0; k < 6; k++) square(c, 40 + 40 * k, 60, 24, k % 2 === 0);
  square(c, 20, 300, 260, false);
});
const corners: Point[] = [[0, 0], [300, 0], [300, 400], [0, 400]];
const where: Point[] = [[142.3, 101.7], [498.6, 131.2], [540.4, 612.9], [95.8, 588.1]];
const h = fitHomography(corners, where)!;

describe('findPage', () => {
  it('finds the corners of a slanted page within a pixel', () => {
    const photo = photograph(page, h, 640, 720);
    const q = findPage(photo)!;
    expect(q).not.toBeNull();
    q.forEach((p, i) => expect(Math.hypot(p[0] - where[i][0], p[1] - where[i][1]), `corner ${i}`).toBeLessThan(1));
  });

  it('a torn corner does not move it: the corner is where the side lines meet', () => {
    // a dark bite out of the top-left corner of the paper (30 × 30 px of the page)
    const torn = { ...page, data: page.data.slice() };
    for (let y = 0; y < 30; y++) for (let x = 0; x < 30 - y; x++) torn.data[y * 300 + x] = 50;
    const q = findPage(photograph(torn, h, 640, 720))!;
    expect(Math.hypot(q[0][0] - where[0][0], q[0][1] - where[0][1])).toBeLessThan(1.5);
  });

  it('a bright banner running into the picture\'s edges is not taken for the page', () => {
    const photo = photograph(page, h, 640, 720);
    for (let y = 660; y < 720; y++) photo.data.fill(250, y * 640, (y + 1) * 640); // a white strip along the bottom
    const q = findPage(photo)!;
    q.forEach((p, i) => expect(Math.hypot(p[0] - where[i][0], p[1] - where[i][1])).toBeLessThan(1));
  });

  it('a picture with no bright region (all one grey) has no page', () => {
    expect(findPage(paint(400, 300, (c) => c.data.fill(120)))).toBeNull();
  });

  it('the map carries the page centre to the photo (a check on the test\'s own numbers)', () => {
    const [x, y] = applyHomography(h, 150, 200);
    expect(x).toBeGreaterThan(95);
    expect(x).toBeLessThan(541);
    expect(y).toBeGreaterThan(101);
    expect(y).toBeLessThan(613);
  });
});
