import { describe, expect, it } from 'vitest';
import type { SheetTemplate } from '../types.js';
import { DEFAULT_DISTORTION, NO_DISTORTION, randomDistortion, synthesizeSheet } from './generate.js';
import { apply, blankRaster, type Affine } from './raster-ops.js';
import { mulberry32 } from '@jz/shared/random';
import type { BlankPage } from './types.js';

// A small card: 80 × 60 mm, four 5 mm anchors 4 mm in, two questions, one 考号 column, a 缺考 mark, one block.
const bubbles = (y: number, values: string[]) => values.map((value, i) => ({ value, x: 20 + i * 6, y, w: 4.2, h: 2.6 }));
const TEMPLATE: SheetTemplate = {
  version: 1, name: 'small', unit: 'mm', width: 80, height: 60,
  anchors: [{ x: 4, y: 4, w: 5, h: 5 }, { x: 71, y: 4, w: 5, h: 5 }, { x: 71, y: 51, w: 5, h: 5 }, { x: 4, y: 51, w: 5, h: 5 }],
  admission: { digits: [{ id: '考号1', kind: 'single', bubbles: bubbles(12, ['0', '1', '2', '3', '4', '5']) }] },
  absent: { x: 60, y: 12, w: 4.2, h: 2.6 },
  questions: [{ id: '1', kind: 'single', bubbles: bubbles(20, ['A', 'B', 'C', 'D']) }, { id: '2', kind: 'multiple', bubbles: bubbles(26, ['A', 'B', 'C', 'D']) }],
  blocks: [{ id: '3', rect: { x: 12, y: 32, w: 56, h: 16 } }],
};

function blank(dpi: number): BlankPage {
  const k = dpi / 25.4;
  const r = blankRaster(Math.round(80 * k), Math.round(60 * k));
  for (const a of TEMPLATE.anchors) {
    for (let y = Math.round(a.y * k); y < Math.round((a.y + a.h) * k); y++) r.data.fill(0, y * r.width + Math.round(a.x * k), y * r.width + Math.round((a.x + a.w) * k));
  }
  return { raster: r, pxPerUnit: k, dpi };
}

const at = (r: { width: number; data: Uint8Array }, [x, y]: [number, number]) => r.data[Math.floor(y) * r.width + Math.floor(x)];

describe('synthesizeSheet', () => {
  it('gives the same pixels and truth for the same seed, others for another', () => {
    const b = blank(150);
    const one = synthesizeSheet(b, TEMPLATE, 42);
    const again = synthesizeSheet(b, TEMPLATE, 42);
    expect(again.truth).toEqual(one.truth);
    expect(Buffer.from(again.raster.data).equals(Buffer.from(one.raster.data))).toBe(true);
    expect(Buffer.from(synthesizeSheet(b, TEMPLATE, 43).raster.data).equals(Buffer.from(one.raster.data))).toBe(false);
  });

  it('without distortion and without marks returns the printed page unchanged', () => {
    const b = blank(200);
    const s = synthesizeSheet(b, TEMPLATE, 1, { distortion: NO_DISTORTION, handwriting: false, rates: { questions: { blank: 1 }, admission: { blank: 1 }, absent: { marked: 0, faint: 0, erased: 0 }, pen: 0 } });
    expect(s.truth.transform).toEqual([200 / 25.4, 0, 0, 0, 200 / 25.4, 0]);
    expect(Buffer.from(s.raster.data).equals(Buffer.from(b.raster.data))).toBe(true);
  });

  it('reports the map that puts every anchor and every clear fill where they appear on the scan (skew, 180°, scale, shift)', () => {
    const b = blank(200);
    let turned = 0;
    let inked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = synthesizeSheet(b, TEMPLATE, seed);
      const t = s.truth.transform as Affine;
      if (s.truth.rotation === 180) turned++;
      expect(s.truth.rotation).toBe(s.truth.distortion.rotate180 ? 180 : 0);
      for (const a of TEMPLATE.anchors) expect(at(s.raster, apply(t, a.x + a.w / 2, a.y + a.h / 2)), `seed ${seed}`).toBeLessThan(100);
      // paper stays light at the page centre between the elements
      expect(at(s.raster, apply(t, 40, 9))).toBeGreaterThan(150);
      for (const g of s.truth.groups) {
        for (const m of g.marks.filter((x) => x.kind === 'pen')) {
          const bb = [...TEMPLATE.questions, ...TEMPLATE.admission!.digits!].find((q) => q.id === g.id)!.bubbles.find((x) => x.value === m.value)!;
          expect(at(s.raster, apply(t, bb.x + bb.w / 2, bb.y + bb.h / 2))).toBeLessThan(120);
          inked++;
        }
      }
    }
    expect(turned).toBeGreaterThan(4); // 25 % of 40 sheets turned; seeded, so a fixed count
    expect(inked).toBeGreaterThan(0); // 12 % of sheets are filled in pen
  });
});

describe('randomDistortion', () => {
  it('keeps skew within ±5°, the resolution within 150–300 dpi and the shift within the margin', () => {
    const rnd = mulberry32(9);
    for (let i = 0; i < 3000; i++) {
      const dpi = [150, 200, 300][i % 3];
      const d = randomDistortion(rnd, dpi);
      expect(Math.abs(d.skewDeg)).toBeLessThanOrEqual(DEFAULT_DISTORTION.skewDeg);
      expect(dpi * d.scale).toBeGreaterThanOrEqual(150 - 1e-9);
      expect(dpi * d.scale).toBeLessThanOrEqual(300 + 1e-9);
      expect(Math.abs(d.shiftMm[0])).toBeLessThanOrEqual(d.marginMm);
      expect([0, Math.SQRT1_2, 1, Math.sqrt(6) / 2]).toContain(d.blurPx);
      expect(d.jpegQuality).toBeGreaterThanOrEqual(45);
    }
  });
});
