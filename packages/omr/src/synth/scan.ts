// The two halves of a synthetic run around the file a scanner would write (not pure: sharp encodes and decodes):
// makeScan builds sheet `seed` and encodes it as JPEG; readScan decodes it, recognises it and judges the result.
import { decodeImage, type DecodeOptions } from '../decode.js';
import { recognizeSheet } from '../recognize.js';
import type { SheetResult, SheetTemplate } from '../types.js';
import { synthesizeSheet, type SynthOptions } from './generate.js';
import { judgeSheet, type SheetVerdict } from './judge.js';
import { encodeJpeg } from './jpeg.js';
import type { BlankPage, SheetTruth } from './types.js';

export interface Scan {
  jpeg: Buffer;
  truth: SheetTruth;
  width: number;
}

export async function makeScan(blank: BlankPage, template: SheetTemplate, seed: number, opts?: SynthOptions): Promise<Scan> {
  const s = synthesizeSheet(blank, template, seed, opts);
  // the scanner writes its nominal resolution into the file
  return { jpeg: await encodeJpeg(s.raster, s.truth.distortion.jpegQuality, s.truth.dpi), truth: s.truth, width: s.raster.width };
}

/**
 * How the scanning job decodes for recognition (docs/DECISIONS.md, recognition engine): shrunk on load towards
 * 100 dpi. OMR_SYNTH_DECODE_DPI overrides it (0 = full resolution).
 */
export function productDecode(): DecodeOptions {
  const dpi = Number(process.env.OMR_SYNTH_DECODE_DPI ?? 100);
  return dpi > 0 ? { targetDpi: dpi } : {};
}

export interface ReadScan {
  result: SheetResult;
  verdict: SheetVerdict;
  decodeMs: number;
  recognizeMs: number;
}

export async function readScan(scan: Scan, template: SheetTemplate, opts: { pageBits?: (0 | 1)[]; decode?: DecodeOptions } = {}): Promise<ReadScan> {
  const t0 = performance.now();
  const [raster] = await decodeImage(scan.jpeg, opts.decode ?? productDecode());
  const t1 = performance.now();
  const result = recognizeSheet(raster, template);
  const t2 = performance.now();
  const verdict = judgeSheet(scan.truth, result, template, { pageBits: opts.pageBits, pixelScale: raster.width / scan.width });
  return { result, verdict, decodeMs: t1 - t0, recognizeMs: t2 - t1 };
}
