// A blank card page drawn in code from its layout, for unit tests that must not start Chromium: the anchors,
// page-code cells, boxes, bubble outlines with a glyph-like label inside and text lines as grey strokes. The
// recognisable elements sit exactly where the printed card has them; the benchmark and the render-tier test
// use the card printed by the render service instead (tests/helpers/card-blanks.ts).
import { mulberry32 } from '@jz/shared/random';
import type { CardLayout } from '@jz/report-templates/card/layout';
import type { Raster } from '../types.js';
import { drawLine } from './marks.js';
import { blankRaster } from './raster-ops.js';
import type { BlankPage } from './types.js';

const A4 = { w: 210, h: 297 };

function fillRect(r: Raster, x: number, y: number, w: number, h: number, tone: number): void {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(r.width, Math.round(x + w));
  const y1 = Math.min(r.height, Math.round(y + h));
  for (let yy = y0; yy < y1; yy++) r.data.fill(tone, yy * r.width + x0, yy * r.width + x1);
}

function strokeRect(r: Raster, x: number, y: number, w: number, h: number, line: number, tone: number): void {
  const t = Math.max(1, line);
  fillRect(r, x, y, w, t, tone);
  fillRect(r, x, y + h - t, w, t, tone);
  fillRect(r, x, y, t, h, tone);
  fillRect(r, x + w - t, y, t, h, tone);
}

/** A rounded bubble outline (0.2 mm, #222) with strokes standing for its printed label. */
function bubble(r: Raster, cx: number, cy: number, w: number, h: number, k: number, label: string): void {
  const line = Math.max(1, 0.2 * k);
  const rad = Math.min(1 * k, h / 2);
  const x0 = cx - w / 2;
  const y0 = cy - h / 2;
  fillRect(r, x0 + rad, y0, w - 2 * rad, line, 34);
  fillRect(r, x0 + rad, y0 + h - line, w - 2 * rad, line, 34);
  fillRect(r, x0, y0 + rad, line, h - 2 * rad, 34);
  fillRect(r, x0 + w - line, y0 + rad, line, h - 2 * rad, 34);
  for (let i = 0; i <= 8; i++) { // corners as quarter circles
    const a = (i / 8) * (Math.PI / 2);
    const dx = (1 - Math.cos(a)) * rad;
    const dy = (1 - Math.sin(a)) * rad;
    for (const [px, py] of [[x0 + dx, y0 + dy], [x0 + w - dx - line, y0 + dy], [x0 + dx, y0 + h - dy - line], [x0 + w - dx - line, y0 + h - dy - line]]) {
      fillRect(r, px, py, line, line, 34);
    }
  }
  if (!label) return;
  // a glyph: two or three strokes chosen by the character, about 0.8 × the bubble height
  const code = label.codePointAt(0) ?? 0;
  const rnd = mulberry32(code);
  const gh = h * 0.55;
  const gw = gh * 0.6;
  for (let s = 0; s < 2 + (code % 2); s++) {
    drawLine(r, cx + (rnd() - 0.5) * gw, cy + (rnd() - 0.5) * gh, cx + (rnd() - 0.5) * gw, cy + (rnd() - 0.5) * gh, Math.max(1, 0.18 * k), 0.85, rnd, 0);
  }
}

/** Grey strokes for a line of text (the printed words matter only as clutter near the bubbles). */
function textLine(r: Raster, x: number, y: number, w: number, size: number, k: number, rnd: () => number): void {
  for (let cx = x; cx < x + w - size; cx += size * 1.05) {
    for (let s = 0; s < 3; s++) {
      drawLine(r, cx + rnd() * size, y + rnd() * size, cx + rnd() * size, y + rnd() * size, Math.max(1, 0.15 * k), 0.8, rnd, 0);
    }
  }
}

/** Page `pageIndex` (1-based) of `layout` drawn at `dpi`: pixel = mm × dpi / 25.4. */
export function drawCardPage(layout: CardLayout, pageIndex: number, dpi: number): BlankPage {
  const k = dpi / 25.4;
  const r = blankRaster(Math.round(A4.w * k), Math.round(A4.h * k));
  const page = layout.pages[pageIndex - 1];
  if (!page) throw new Error(`card has no page ${pageIndex}`);
  const rnd = mulberry32(pageIndex * 7919 + dpi);
  for (const e of page.elements) {
    const [x, y, w, h] = [e.x * k, e.y * k, e.w * k, e.h * k];
    switch (e.kind) {
      case 'anchor': fillRect(r, x, y, w, h, 0); break;
      case 'pageCode': {
        const pitch = (e.cellMm + 0.8) * k;
        const cell = e.cellMm * k;
        textLine(r, x, y, Math.min(w, 120 * k), 2.4 * k, k, rnd);
        e.bits.forEach((b, i) => (b ? fillRect(r, x + i * pitch, y + h - cell, cell, cell, 0) : strokeRect(r, x + i * pitch, y + h - cell, cell, cell, 0.2 * k, 0)));
        break;
      }
      case 'header': textLine(r, x + w * 0.2, y + 1 * k, w * 0.6, e.h * 0.4 * k, k, rnd); break;
      case 'sectionTitle': textLine(r, x, y + 1 * k, Math.min(w, 90 * k), 3.5 * k, k, rnd); break;
      case 'studentInfo': strokeRect(r, x, y, w, h, 0.25 * k, 0); textLine(r, x + 5 * k, y + 3 * k, w - 10 * k, 3.4 * k, k, rnd); break;
      case 'notes':
        strokeRect(r, x, y, w, h, 0.25 * k, 0);
        for (let i = 0; i < e.lines.length * 2; i++) textLine(r, x + 2 * k, y + (6 + i * 3.6) * k, w - 4 * k, 2.5 * k, k, rnd);
        break;
      case 'barcode': strokeRect(r, x, y, w, h, 0.25 * k, 90); break;
      case 'admission':
        strokeRect(r, x, y, w, h, 0.25 * k, 0);
        for (let c = 0; c < e.digits; c++) {
          const cx = e.x + e.colX0 + c * e.colPitch;
          strokeRect(r, (cx - (e.colPitch - 0.8) / 2) * k, (e.y + e.writeBoxY) * k, (e.colPitch - 0.8) * k, e.writeBoxH * k, 0.2 * k, 0);
          for (let d = 0; d < 10; d++) bubble(r, cx * k, (e.y + e.rowY0 + d * e.rowPitch) * k, e.bubble.w * k, e.bubble.h * k, k, String(d));
        }
        break;
      case 'absent':
        strokeRect(r, x, y, w, h, 0.25 * k, 0);
        bubble(r, (e.x + e.bubbleX) * k, (e.y + e.bubbleY) * k, e.bubble.w * k, e.bubble.h * k, k, '');
        textLine(r, x + 2 * k, (e.y + e.bubbleY - 1.6) * k, (e.bubbleX - 5) * k, 3.2 * k, k, rnd);
        break;
      case 'objective':
        strokeRect(r, x, y, w, h, 0.25 * k, 0);
        e.questions.forEach((q, row) => {
          const cy = e.y + e.rowY0 + row * e.rowPitch;
          textLine(r, x + 1 * k, (cy - 1.5) * k, (e.optionX0 - e.bubble.w / 2 - 1.5) * k, 3 * k, k, rnd);
          q.options.forEach((o, i) => bubble(r, (e.x + e.optionX0 + i * e.optionPitch) * k, cy * k, e.bubble.w * k, e.bubble.h * k, k, o));
        });
        break;
      case 'fillIn':
        for (let i = 1; i <= e.lines; i++) fillRect(r, x + 12 * k, y + (i * (e.h - 1) * k) / e.lines, w - 13 * k, Math.max(1, 0.2 * k), 0);
        break;
      case 'subjective': strokeRect(r, x, y, w, h, 0.35 * k, 0); textLine(r, x + 2 * k, y + 1.5 * k, 40 * k, 3.3 * k, k, rnd); break;
      case 'essay': strokeRect(r, x, y + e.titleH * k, w, h - e.titleH * k, 0.2 * k, 68); break;
    }
  }
  return { raster: r, pxPerUnit: k, dpi };
}
