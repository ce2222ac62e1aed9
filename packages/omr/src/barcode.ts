// 考号 barcode label (Code128 or QR) read by zxing-wasm from the label area of the sheet. zxing-wasm fetches
// its .wasm from a CDN unless given the bytes, so the local file is loaded once (offline).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { applyBarcode } from './admission.js';
import { recognizeSheet, type RecognizeOptions } from './recognize.js';
import { rectToPixels } from './transform.js';
import type { Raster, SheetResult, SheetTemplate } from './types.js';

type Reader = typeof import('zxing-wasm/reader');
let reader: Promise<Reader> | null = null;

function loadReader(): Promise<Reader> {
  reader ??= (async () => {
    const mod = await import('zxing-wasm/reader');
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bin = readFileSync(wasmPath);
    const wasmBinary = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer;
    await mod.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return mod;
  })();
  return reader;
}

/** Text of the first Code128/QR code inside the template's barcode area (with a margin), or null. */
export async function readAdmissionBarcode(raster: Raster, template: SheetTemplate, result: SheetResult): Promise<string | null> {
  const area = template.admission?.barcode;
  if (!area || result.status !== 'ok' || !result.transform) return null;
  const m = 0.1 * Math.min(area.w, area.h);
  const px = rectToPixels(result.transform, { x: area.x - m, y: area.y - m, w: area.w + 2 * m, h: area.h + 2 * m }, raster.width, raster.height);
  if (px.w < 8 || px.h < 8) return null;
  const rgba = new Uint8ClampedArray(px.w * px.h * 4);
  for (let y = 0; y < px.h; y++) {
    const row = (px.y + y) * raster.width + px.x;
    for (let x = 0; x < px.w; x++) {
      const v = raster.data[row + x];
      const o = (y * px.w + x) * 4;
      rgba[o] = v; rgba[o + 1] = v; rgba[o + 2] = v; rgba[o + 3] = 255;
    }
  }
  const zx = await loadReader();
  // zxing-wasm accepts any { data, width, height } object (ImageData is not global in Node 20).
  const found = await zx.readBarcodes({ data: rgba, width: px.w, height: px.h, colorSpace: 'srgb' } as ImageData, {
    formats: ['Code128', 'QRCode'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1,
  });
  const hit = found.find((f) => f.isValid && f.text);
  return hit ? hit.text.trim() : null;
}

/** recognizeSheet, then the barcode label where the template has one (asynchronous: zxing-wasm). */
export async function recognizeSheetWithBarcode(raster: Raster, template: SheetTemplate, opts?: RecognizeOptions): Promise<SheetResult> {
  const result = recognizeSheet(raster, template, opts);
  if (result.status !== 'ok' || !template.admission?.barcode) return result;
  return applyBarcode(result, await readAdmissionBarcode(raster, template, result));
}
