// Blank answer-card pages from the real print path: card layout → HTML (report-templates) → PDF (the render
// service's printer, Chromium) → greyscale raster at 150/200/300 dpi (mupdf's WASM build). Printed once per
// layout and kept as raw files in a temporary folder for the run, so worker threads can load them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { renderCardHtml, type CardLayout } from '@jz/report-templates';
import type { Printer } from '../../apps/render-service/src/printer.js';
import type { BlankPage } from '../../packages/omr/src/synth/types.js';

/** Every page of `pdf` at `dpi`, greyscale (mupdf DeviceGray, no alpha): pixel = mm × dpi / 25.4. */
export function rasterisePdf(pdf: Uint8Array, dpi: number): BlankPage[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const pages: BlankPage[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false);
      try {
        const width = pix.getWidth();
        const height = pix.getHeight();
        const stride = pix.getStride();
        const src = pix.getPixels();
        const data = new Uint8Array(width * height);
        for (let y = 0; y < height; y++) data.set(src.subarray(y * stride, y * stride + width), y * width);
        pages.push({ raster: { width, height, data }, pxPerUnit: dpi / 25.4, dpi });
      } finally {
        pix.destroy();
        page.destroy();
      }
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

export interface BlankSet {
  dir: string;
  /** Card name → its page count. */
  cards: Record<string, number>;
  dpis: number[];
}

/**
 * Prints each card once and writes every page at every dpi as `<dir>/<card>-p<page>-<dpi>.gray` (raw bytes) with
 * a JSON index; returns what was written.
 */
export async function printBlanks(printer: Printer, cards: Record<string, CardLayout>, dpis: number[], dir: string): Promise<BlankSet> {
  mkdirSync(dir, { recursive: true });
  const set: BlankSet = { dir, cards: {}, dpis };
  for (const [name, layout] of Object.entries(cards)) {
    const pdf = await printer.printPdf(renderCardHtml(layout), { format: 'A4' });
    writeFileSync(path.join(dir, `${name}.pdf`), pdf);
    for (const dpi of dpis) {
      const pages = rasterisePdf(pdf, dpi);
      set.cards[name] = pages.length;
      pages.forEach((p, i) => {
        writeFileSync(path.join(dir, `${name}-p${i + 1}-${dpi}.gray`), p.raster.data);
        writeFileSync(path.join(dir, `${name}-p${i + 1}-${dpi}.json`), JSON.stringify({ width: p.raster.width, height: p.raster.height }));
      });
    }
  }
  writeFileSync(path.join(dir, 'index.json'), JSON.stringify(set));
  return set;
}

/** One page written by printBlanks. */
export function loadBlank(dir: string, card: string, page: number, dpi: number): BlankPage {
  const base = path.join(dir, `${card}-p${page}-${dpi}`);
  const { width, height } = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { width: number; height: number };
  const data = new Uint8Array(readFileSync(`${base}.gray`));
  if (data.length !== width * height) throw new Error(`blank ${base} is ${data.length} bytes, expected ${width * height}`);
  return { raster: { width, height, data }, pxPerUnit: dpi / 25.4, dpi };
}
