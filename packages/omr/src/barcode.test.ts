// 考号 by barcode label: a Code128 symbol made by zxing-wasm's writer (from the local .wasm, offline) is drawn
// bar by bar into the card's barcode area; the expected number is the text that was encoded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { recognizeSheetWithBarcode } from './index.js';
import { demoCard, fillsFor, randomAnswers, type Answers } from './testing/fixtures.js';
import { drawSheet, type DrawOptions } from './testing/synth.js';
import type { Rect } from './types.js';

vi.setConfig({ testTimeout: 60_000 });

const card = demoCard(0);
const t = card.template;
const area = t.admission!.barcode!;

async function bars(text: string): Promise<Rect[]> {
  const bin = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer }, fireImmediately: true });
  const { symbol, error } = await writeBarcode(text, { format: 'Code128' });
  if (error) throw new Error(error);
  const module = 0.45; // mm per module, about what a label printer uses
  const rects: Rect[] = [];
  for (let i = 0; i < symbol.width; i++) {
    if (symbol.data[i] === 0) rects.push({ x: area.x + 6 + i * module, y: area.y + 5, w: module, h: 14 });
  }
  return rects;
}

function draw(a: Answers, solids: Rect[], o: Partial<DrawOptions> = {}, fills = fillsFor(t, a, 0.85)) {
  return drawSheet(t, { dpi: 200, bits: card.bits, textAreas: card.textAreas, fills, solids, noise: 4, ...o }).raster;
}

describe('考号 from the barcode label', () => {
  const a = randomAnswers(t, 77);

  it('reads the label (upright and upside down) and agrees with the bubbles', async () => {
    const label = await bars(a.admission);
    for (const rotation of [0, 180] as const) {
      const r = await recognizeSheetWithBarcode(draw(a, label, { rotation, skewDeg: 1 }), t);
      expect(r.admission).toMatchObject({ value: a.admission, source: 'barcode', barcode: a.admission, bubbles: a.admission });
      expect(r.admission?.doubt).toBeUndefined();
    }
  });

  it('flags a label that disagrees with the filled bubbles, and decides nothing', async () => {
    const other = a.admission.slice(0, -1) + String((Number(a.admission.at(-1)) + 1) % 10);
    const r = await recognizeSheetWithBarcode(draw(a, await bars(other)), t);
    expect(r.admission).toMatchObject({ value: null, source: 'barcode', barcode: other, bubbles: a.admission, doubt: 'barcode-mismatch' });
  });

  it('takes the label alone when the 考号 bubbles are left empty', async () => {
    const noAdmission = fillsFor(t, a, 0.85).filter((f) => !t.admission!.digits!.some((g) => g.bubbles.includes(f.rect as never)));
    const r = await recognizeSheetWithBarcode(draw(a, await bars(a.admission), {}, noAdmission), t);
    expect(r.admission).toMatchObject({ value: a.admission, source: 'barcode', barcode: a.admission, bubbles: null });
    expect(r.admission?.doubt).toBeUndefined();
  });

  it('keeps the bubbles when there is no label', async () => {
    const r = await recognizeSheetWithBarcode(draw(a, []), t);
    expect(r.admission).toMatchObject({ value: a.admission, source: 'bubbles', barcode: null, bubbles: a.admission });
  });
});
