// The engine on drawn sheets: every expected value below is what testing/synth.ts drew (the answers of a seeded
// student, the page code encodePageCode(1024, 1) of the demo card, the drawing's own transform), never a
// reading of the engine fed back.
import { describe, expect, it, vi } from 'vitest';
import { batchThreshold, readPageCode, recognizeSheet, REJECT } from './index.js';
import { demoCard, fillsFor, randomAnswers, type Answers } from './testing/fixtures.js';
import { drawSheet, type DrawOptions } from './testing/synth.js';
import { rectToPixels } from './transform.js';
import type { Raster, SheetResult, SheetTemplate } from './types.js';
import { mulberry32 } from '@jz/shared/random';
import { encodePageCode } from '@jz/report-templates';

vi.setConfig({ testTimeout: 60_000 }); // drawing A4 pages at 300 dpi takes seconds on a loaded machine

const card = demoCard(0);
const { template } = card;

function draw(answers: Answers, level: number, o: Partial<DrawOptions> = {}) {
  return drawSheet(template, { dpi: 200, bits: card.bits, textAreas: card.textAreas, fills: fillsFor(template, answers, level), seed: 7, ...o });
}

/** Every reading equals what was drawn, and nothing is doubtful. */
function expectClean(r: SheetResult, a: Answers) {
  expect(r.status).toBe('ok');
  expect(readPageCode(r)).toEqual({ id: 1024, page: 1 });
  expect(r.pageCode?.doubt).toBeUndefined();
  const wrong = r.questions.filter((q) => q.doubt || q.marked.join() !== a.questions[q.id].join());
  expect(wrong.map((q) => ({ id: q.id, marked: q.marked, doubt: q.doubt, darkness: q.darkness, expected: a.questions[q.id] }))).toEqual([]);
  expect(r.admission?.value).toBe(a.admission);
  expect(r.admission?.doubt).toBeUndefined();
  expect(r.absent).toMatchObject({ marked: a.absent });
  expect(r.absent?.doubt).toBeUndefined();
}

describe('recognizeSheet on drawn product cards', () => {
  it('has the demo card page 1 as drawn: 8 考号 columns, 15 objective questions, 缺考 and barcode area', () => {
    expect(template.admission?.digits).toHaveLength(8);
    expect(template.questions.map((q) => q.id)).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    expect(template.questions[12]).toMatchObject({ kind: 'multiple' });
    expect(template.absent).toBeDefined();
    expect(template.admission?.barcode).toBeDefined();
  });

  const cases: [string, number, Partial<DrawOptions>][] = [
    ['200 dpi, upright, clean', 0.85, {}],
    ['150 dpi, upside down, skew +3°', 0.85, { dpi: 150, rotation: 180, skewDeg: 3 }],
    ['300 dpi, skew −5°, margins shifted', 0.85, { dpi: 300, skewDeg: -5, shiftMm: [2, 1.5], padMm: 6 }],
    ['200 dpi, upside down, skew +5°, noise', 0.85, { rotation: 180, skewDeg: 5, noise: 12, padMm: 6 }],
    ['grey scanner background (paper 185, ink 60)', 0.85, { paper: 185, ink: 60, noise: 8 }],
    ['light pencil (marks at 0.4 of print darkness)', 0.4, { noise: 6 }],
    ['dark ink (marks as dark as print)', 1, { noise: 6 }],
    ['photocopy: dark paper, grey print, heavy noise', 0.7, { paper: 200, ink: 75, noise: 20, skewDeg: 1.5 }],
  ];
  cases.forEach(([name, level, o], i) => {
    it(`reads every mark: ${name}`, () => {
      const a = randomAnswers(template, 100 + i);
      const drawn = draw(a, level, o);
      const r = recognizeSheet(drawn.raster, template);
      expectClean(r, a);
      expect(r.rotation).toBe(o.rotation ?? 0);
      expect(r.anchorsFound).toBe(4);
      expect(r.doubt).toBeUndefined();
      // the fitted transform is the drawn one (within half a pixel at the page corners)
      for (const [x, y] of [[0, 0], [210, 0], [0, 297], [210, 297]]) {
        const t = r.transform!;
        const d = drawn.transform;
        expect(Math.hypot(t[0] * x + t[1] * y + t[2] - (d[0] * x + d[1] * y + d[2]), t[3] * x + t[4] * y + t[5] - (d[3] * x + d[4] * y + d[5]))).toBeLessThan(1.5);
      }
      // subjective blocks: the drawn boxes' pixel bounds (±2 px)
      expect(r.blocks.map((b) => b.id)).toEqual(template.blocks.map((b) => b.id));
      r.blocks.forEach((b, k) => {
        const e = rectToPixels(drawn.transform, template.blocks[k].rect, drawn.raster.width, drawn.raster.height);
        for (const key of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(b.rect[key] - e[key])).toBeLessThanOrEqual(2);
      });
    });
  });

  it('reads the page code a sheet of another exam subject carries (encodePageCode(2048, 1) drawn)', () => {
    const a = randomAnswers(template, 5);
    const r = recognizeSheet(drawSheet(template, { dpi: 200, bits: encodePageCode(2048, 1), fills: fillsFor(template, a, 0.85), rotation: 180 }).raster, template);
    expect(r).toMatchObject({ status: 'ok', rotation: 180 });
    expect(readPageCode(r)).toEqual({ id: 2048, page: 1 });
  });

  it('reads the 缺考 mark', () => {
    const a = { ...randomAnswers(template, 3), absent: true };
    const r = recognizeSheet(draw(a, 0.85).raster, template);
    expectClean(r, a);
    expect(r.absent?.marked).toBe(true);
  });

  it('fits from three anchors when one is missing or a blot sits beside it, and flags the sheet', () => {
    const a = randomAnswers(template, 4);
    const missing = recognizeSheet(draw(a, 0.85, { dropAnchors: [2], skewDeg: 2 }).raster, template);
    expectClean(missing, a);
    expect(missing).toMatchObject({ anchorsFound: 3, doubt: 'anchor-missing' });
    const smudged = recognizeSheet(draw(a, 0.85, { smudgeAnchors: [1], skewDeg: -2 }).raster, template);
    expectClean(smudged, a);
    expect(smudged.doubt).toBe('anchor-missing');
  });
});

describe('templates without anchors, and the batch threshold', () => {
  // A pixel template over a form scanned edge to edge (1000 × 1400 px at "200 dpi" = 1 px per unit): no
  // anchors, so the page edges are the frame. Three questions of four options; marks drawn on B, D, A.
  const bubble = (x: number, y: number, value: string) => ({ x, y, w: 40, h: 26, value });
  const px: SheetTemplate = {
    version: 1, name: 'third-party', unit: 'px', width: 1000, height: 1400, anchors: [],
    questions: ['1', '2', '3'].map((id, r) => ({ id, kind: 'single' as const, bubbles: ['A', 'B', 'C', 'D'].map((v, k) => bubble(200 + k * 60, 300 + r * 50, v)) })),
    blocks: [{ id: '4', rect: { x: 100, y: 600, w: 800, h: 400 } }],
  };
  const marks = [['1', 'B'], ['2', 'D'], ['3', 'A']].map(([id, v]) => ({ rect: px.questions.find((q) => q.id === id)!.bubbles.find((b) => b.value === v)!, level: 0.8 }));

  it('reads a form without anchors by its page frame', () => {
    const r = recognizeSheet(drawSheet(px, { dpi: 200, fills: marks, noise: 5 }).raster, px);
    expect(r).toMatchObject({ status: 'ok', rotation: 0, anchorsFound: 0, thresholdLearnt: true });
    expect(r.questions.map((q) => [q.id, q.marked, q.doubt])).toEqual([['1', ['B'], undefined], ['2', ['D'], undefined], ['3', ['A'], undefined]]);
    expect(r.blocks).toEqual([{ id: '4', rect: { x: 100, y: 600, w: 800, h: 400 } }]);
    const blank = recognizeSheet(drawSheet({ ...px, questions: [], blocks: [] }, { dpi: 200, noise: 4 }).raster, px);
    expect(blank).toMatchObject({ status: 'rejected', reason: REJECT.blank });
  });

  it('gives an unmarked sheet the median threshold its batch learnt', () => {
    const drawn = drawSheet(px, { dpi: 200, fills: marks, noise: 5 }).raster;
    const results = [0.8, 0.5, 0.95].map((level, i) => recognizeSheet(drawSheet(px, { dpi: 200, seed: i, fills: marks.map((m) => ({ ...m, level })) }).raster, px));
    const hint = batchThreshold([...results, recognizeSheet(drawn, px, { orientation: 0 })]);
    const sorted = [...results.map((r) => r.threshold!), recognizeSheet(drawn, px).threshold!].sort((a, b) => a - b);
    expect(hint).toBeCloseTo((sorted[1] + sorted[2]) / 2, 10);
    const empty = recognizeSheet(drawSheet(px, { dpi: 200, noise: 5 }).raster, px, { thresholdHint: hint });
    expect(empty).toMatchObject({ thresholdLearnt: false, threshold: Math.round(hint! * 1000) / 1000 });
    expect(empty.questions.every((q) => q.marked.length === 0 && !q.doubt)).toBe(true);
  });
});

describe('doubtful marks are flagged, never decided silently', () => {
  const a = randomAnswers(template, 11);
  const q1 = template.questions[0];
  const other = q1.bubbles.find((b) => b.value !== a.questions['1'][0])!;

  it('two marks on a single-choice question', () => {
    const drawn = drawSheet(template, { dpi: 200, bits: card.bits, fills: [...fillsFor(template, a, 0.85), { rect: other, level: 0.85 }] });
    const r = recognizeSheet(drawn.raster, template);
    expect(r.questions[0].doubt).toBe('multiple-in-single');
    expect(r.questions[0].marked).toHaveLength(2);
  });

  it('a faint second mark (an erasure) beside a dark one', () => {
    const drawn = drawSheet(template, { dpi: 200, bits: card.bits, fills: [...fillsFor(template, a, 0.85), { rect: other, level: 0.4 }] });
    const r = recognizeSheet(drawn.raster, template);
    expect(r.questions[0].doubt).toMatch(/faint|near-threshold|multiple-in-single/);
    // the rest of the sheet is unaffected
    expect(r.questions.slice(1).every((q) => !q.doubt && q.marked.join() === a.questions[q.id].join())).toBe(true);
  });

  it('a mark lighter than the threshold band but darker than an empty bubble', () => {
    const q2 = template.questions[1];
    const fills = fillsFor(template, a, 0.85).filter((f) => !q2.bubbles.includes(f.rect as never));
    const chosen = q2.bubbles.find((b) => b.value === a.questions['2'][0])!;
    const drawn = drawSheet(template, { dpi: 200, bits: card.bits, fills: [...fills, { rect: chosen, level: 0.5, cover: 0.6 }] });
    const r = recognizeSheet(drawn.raster, template);
    expect(r.questions[1].doubt).toMatch(/faint|near-threshold/);
  });

  it('a 考号 column left empty, and one with two marks', () => {
    const fills = fillsFor(template, a, 0.85).filter((f) => !template.admission!.digits![2].bubbles.includes(f.rect as never));
    const col5 = template.admission!.digits![5].bubbles.find((b) => b.value !== a.admission[5])!;
    const r = recognizeSheet(drawSheet(template, { dpi: 200, bits: card.bits, fills: [...fills, { rect: col5, level: 0.85 }] }).raster, template);
    expect(r.admission?.value).toBeNull();
    expect(r.admission?.digits?.[2].doubt).toBe('none-in-column');
    expect(r.admission?.digits?.[5].doubt).toBe('multiple-in-single');
    expect(r.admission?.doubt).toBe('none-in-column');
  });
});

describe('pages that are not a card are rejected with a reason', () => {
  it('a blank page', () => {
    const blank = drawSheet({ ...template, anchors: [], pageCode: undefined, questions: [], blocks: [], admission: undefined, absent: undefined }, { dpi: 200, noise: 4 });
    const r = recognizeSheet(blank.raster, template);
    expect(r).toMatchObject({ status: 'rejected', reason: REJECT.blank, questions: [], blocks: [] });
  });

  it('a photo-like image (smooth random blobs and grain)', () => {
    const W = 1654; const H = 2339;
    const rnd = mulberry32(5);
    const data = new Uint8Array(W * H);
    // products of random low-frequency waves + grain: large dark and light regions like a photo
    const waves = Array.from({ length: 8 }, () => {
      const fx = rnd() * 0.03; const fy = rnd() * 0.03; const px = rnd() * 6.28; const py = rnd() * 6.28; const amp = 30 + rnd() * 50;
      return { xs: Float64Array.from({ length: W }, (_, x) => amp * Math.sin(fx * x + px)), ys: Float64Array.from({ length: H }, (_, y) => Math.sin(fy * y + py)) };
    });
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      let v = 128;
      for (const w of waves) v += w.xs[x] * w.ys[y];
      data[y * W + x] = Math.max(0, Math.min(255, Math.round(v + (rnd() - 0.5) * 40)));
    }
    const r = recognizeSheet({ width: W, height: H, data }, template);
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/定位点/);
  });

  it('an empty raster', () => {
    const r: Raster = { width: 0, height: 0, data: new Uint8Array() };
    expect(recognizeSheet(r, template)).toMatchObject({ status: 'rejected', reason: REJECT.raster });
  });
});
