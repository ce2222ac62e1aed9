// The recognition engine on the card as Chromium really prints it (real glyphs in the bubbles, real outlines):
// the demo card → PDF (render service printer) → 150 dpi rasters (decodeImage, mupdf) → pencil marks painted
// into the bubbles of a seeded student → turned by 180° + 2° and JPEG-compressed with sharp → read back.
// Expected readings are the painted answers and the page codes encodePageCode(1024, page) the card carries.
import { mulberry32 } from '@jz/shared/random';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import { decodeImage, readPageCode, recognizeSheet, templateFromCard, type Raster } from '../../packages/omr/src/index.js';
import { fillsFor, randomAnswers } from '../../packages/omr/src/testing/fixtures.js';
import { demoCardLayout, renderCardHtml } from '../../packages/report-templates/src/index.js';

const DPI = 150;
let printer: Printer;
let pages: Raster[];
const layout = demoCardLayout();

beforeAll(async () => {
  printer = createPrinter({ poolSize: 1 });
  pages = await decodeImage(await printer.printPdf(renderCardHtml(layout), { format: 'A4' }), { targetDpi: DPI });
});
afterAll(async () => { await printer?.close(); });

/** Pencil: every pixel of the rect (mm, page unturned) darkened to `grey` ± 20. */
function paint(r: Raster, rect: { x: number; y: number; w: number; h: number }, grey: number, rnd: () => number) {
  const k = DPI / 25.4;
  for (let y = Math.round((rect.y + 0.3) * k); y < Math.round((rect.y + rect.h - 0.3) * k); y++) {
    for (let x = Math.round((rect.x + 0.3) * k); x < Math.round((rect.x + rect.w - 0.3) * k); x++) {
      const i = y * r.width + x;
      r.data[i] = Math.min(r.data[i], Math.round(grey + (rnd() - 0.5) * 40));
    }
  }
}

describe('recognising the printed demo card', () => {
  it('reads the page code of every page, upright and with no marks', () => {
    expect(pages).toHaveLength(3);
    pages.forEach((p, i) => {
      const r = recognizeSheet(p, templateFromCard(layout, i));
      expect(r).toMatchObject({ status: 'ok', rotation: 0, anchorsFound: 4 });
      expect(readPageCode(r)).toEqual({ id: 1024, page: i + 1 });
      expect(r.questions.every((q) => q.marked.length === 0)).toBe(true);
    });
  });

  it('reads a pencilled page 1 turned upside down and skewed by 2°, from a JPEG', async () => {
    const t = templateFromCard(layout, 0);
    const answers = randomAnswers(t, 2026);
    const page = { ...pages[0], data: Uint8Array.from(pages[0].data) };
    const rnd = mulberry32(9);
    for (const f of fillsFor(t, answers, 1)) paint(page, f.rect, 90, rnd);
    const jpg = await sharp(Buffer.from(page.data), { raw: { width: page.width, height: page.height, channels: 1 } })
      .rotate(182, { background: '#ffffff' }).toColourspace('b-w').jpeg({ quality: 80 }).toBuffer();
    const [scan] = await decodeImage(jpg);
    const r = recognizeSheet(scan, t);
    expect(r).toMatchObject({ status: 'ok', rotation: 180, anchorsFound: 4 });
    expect(r.doubt).toBeUndefined();
    expect(readPageCode(r)).toEqual({ id: 1024, page: 1 });
    expect(r.admission).toMatchObject({ value: answers.admission });
    expect(r.admission?.doubt).toBeUndefined();
    expect(r.questions.filter((q) => q.doubt || q.marked.join() !== answers.questions[q.id].join())).toEqual([]);
    expect(r.absent).toMatchObject({ marked: false });
  });
});
