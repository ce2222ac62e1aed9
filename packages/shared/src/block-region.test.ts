import { describe, expect, it } from 'vitest';
import { cutFactors, defaultRegion, fitPixelMap, fromPixels, pageGeometry, regionProblem, toPixels } from './block-region.js';

// An A4 card (210 × 297 mm): written box 13 at (21, 29.7) 105 × 59.4 mm → normalised (0.1, 0.1, 0.5, 0.2) by hand
// (21 ÷ 210, 29.7 ÷ 297, 105 ÷ 210, 59.4 ÷ 297); an essay 14 in two parts (x 0–42 and 105–147 mm, y 148.5–178.2 mm).
const layout = {
  paper: 'A4',
  pages: [{ index: 1, elements: [
    { kind: 'anchor', x: 5, y: 5, w: 5, h: 5 },
    { kind: 'subjective', no: 13, x: 21, y: 29.7, w: 105, h: 59.4 },
    { kind: 'essay', no: 14, x: 0, y: 148.5, w: 42, h: 29.7 },
    { kind: 'essay', no: 14, x: 105, y: 148.5, w: 42, h: 29.7 },
  ] }, { index: 2, elements: [{ kind: 'choice', nos: [22, 23], x: 42, y: 59.4, w: 84, h: 29.7 }] }],
};

/** Numbers rounded to 6 decimals (float noise of the divisions). */
const near = <T>(v: T): T => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === 'number' ? Math.round(x * 1e6) / 1e6 : x)));

describe('block regions', () => {
  it('normalises the cut areas of the card, one area per question per page', () => {
    const g = pageGeometry(layout);
    expect(g.map((p) => p.areas.map((a) => a.id))).toEqual([['13', '14'], ['22/23']]);
    expect(near(g[0]!.areas[0])).toEqual({ id: '13', x: 0.1, y: 0.1, w: 0.5, h: 0.2 });
    // essay: union x 0 … 147 mm → 0 … 0.7, y 0.5 … 0.6
    const e = g[0]!.areas[1]!;
    expect([e.x, e.y, e.w, e.h].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0.5, 0.7, 0.1]);
    // the 选做 box 42/210 = 0.2, 59.4/297 = 0.2, 84/210 = 0.4, 29.7/297 = 0.1
    expect(near(defaultRegion(g, ['22/23']))).toEqual({ page: 2, x: 0.2, y: 0.2, w: 0.4, h: 0.1 });
    expect(defaultRegion(g, ['99'])).toBeNull();
  });

  it('a third-party template is one page in its own pixels', () => {
    const g = pageGeometry({ thirdParty: true, template: { width: 1000, height: 2000, unit: 'px', blocks: [{ id: '5', rect: { x: 100, y: 400, w: 500, h: 200 } }] } });
    expect(near(g)).toEqual([{ page: 1, width: 1000, height: 2000, unit: 'px', areas: [{ id: '5', x: 0.1, y: 0.2, w: 0.5, h: 0.1 }] }]);
  });

  it('refuses a region outside the page, empty, too small or on a page the card lacks', () => {
    expect(regionProblem({ page: 1, x: 0.1, y: 0.1, w: 0.5, h: 0.2 }, 2)).toBeNull();
    expect(regionProblem({ page: 1, x: 0.6, y: 0.1, w: 0.5, h: 0.2 }, 2)).toBe('题块区域超出答题卡页面');
    expect(regionProblem({ page: 1, x: -0.01, y: 0.1, w: 0.5, h: 0.2 }, 2)).toBe('题块区域超出答题卡页面');
    expect(regionProblem({ page: 1, x: 0.1, y: 0.1, w: 0, h: 0.2 }, 2)).toBe('题块区域不能为空');
    expect(regionProblem({ page: 1, x: 0.1, y: 0.1, w: 0.005, h: 0.2 }, 2)).toBe('题块区域太小：宽和高至少为页面的 1%');
    expect(regionProblem({ page: 3, x: 0.1, y: 0.1, w: 0.5, h: 0.2 }, 2)).toBe('答题卡没有第 3 页');
  });

  it('maps a region onto a scanned page through its cut areas, both ways', () => {
    // area 13 (0.1, 0.1, 0.5, 0.2) was cut at (110, 90) 1000 × 600 px: sx = 1000 ÷ 0.5 = 2000, tx = 110 − 2000·0.1 = −90;
    // sy = 600 ÷ 0.2 = 3000, ty = 90 − 3000·0.1 = −210
    const m = fitPixelMap([{ area: { x: 0.1, y: 0.1, w: 0.5, h: 0.2 }, px: { x: 110, y: 90, w: 1000, h: 600 } }])!;
    expect(near(m)).toEqual({ sx: 2000, tx: -90, sy: 3000, ty: -210 });
    // region (0.2, 0.15, 0.25, 0.1) → x 2000·0.2 − 90 = 310, y 3000·0.15 − 210 = 240, w 500, h 300
    const px = toPixels(m, { x: 0.2, y: 0.15, w: 0.25, h: 0.1 });
    expect([px.x, px.y, px.w, px.h].map(Math.round)).toEqual([310, 240, 500, 300]);
    const back = fromPixels(m, px);
    expect([back.x, back.y, back.w, back.h].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0.2, 0.15, 0.25, 0.1]);
    // the same crop from the reference alone: kx = (0.2 − 0.1) ÷ 0.5 = 0.2, ky = 0.05 ÷ 0.2 = 0.25, kw = kh = 0.5
    // → (110 + 0.2·1000, 90 + 0.25·600, 0.5·1000, 0.5·600) = (310, 240, 500, 300)
    const k = cutFactors({ x: 0.2, y: 0.15, w: 0.25, h: 0.1 }, { x: 0.1, y: 0.1, w: 0.5, h: 0.2 });
    expect(Object.values(k).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0.2, 0.25, 0.5, 0.5]);
    expect(fitPixelMap([])).toBeNull();
  });
});
