// Page code: a row of printed cells, solid = 1, outlined = 0. Printed, so the two levels are far apart: a
// cell between 0.3 and 0.7 darkness is smudged or covered and makes the code doubtful.
import { decodePageCode } from '@jz/report-templates/card/layout';
import { darkness, type Sampler } from './bubbles.js';
import type { DoubtReason, Rect, SheetResult } from './types.js';

export interface PageCodeReading {
  bits: (0 | 1)[];
  darkness: number[];
  doubt?: DoubtReason;
  /** How clearly the cells read as printed bits (mean |d − 0.5| · 2, 0–1): tells the right way up apart. */
  clarity: number;
  /** The decoded code of a product card; null when guards or checksum fail (or not a 32-bit code). */
  decoded: { id: number; page: number } | null;
}

export function readPageCodeCells(s: Sampler, cells: Rect[]): PageCodeReading {
  const dark = cells.map((c) => darkness(s, c, 0.25));
  const bits = dark.map((d) => (d >= 0.5 ? 1 : 0) as 0 | 1);
  const clarity = dark.reduce((a, d) => a + Math.abs(d - 0.5) * 2, 0) / Math.max(1, dark.length);
  const out: PageCodeReading = {
    bits,
    darkness: dark.map((d) => Math.round(d * 1000) / 1000),
    clarity,
    decoded: bits.length === 32 ? decodePageCode(bits) : null,
  };
  if (dark.some((d) => d > 0.3 && d < 0.7)) out.doubt = 'near-threshold';
  return out;
}

/** Exam-subject id (modulo 2^20, see pageCodeId) and page number read from a result; null when unreadable. */
export function readPageCode(result: SheetResult): { id: number; page: number } | null {
  const bits = result.pageCode?.bits;
  return bits ? decodePageCode(bits) : null;
}
