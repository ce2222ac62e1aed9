// Reading PDFs in Node (mupdf's WASM build), so the tests need no poppler-utils: page count and size, text,
// and pages rasterised to PNG.
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

type Source = string | Uint8Array;

function withDocument<T>(pdf: Source, use: (doc: mupdf.Document) => T): T {
  const doc = mupdf.Document.openDocument(typeof pdf === 'string' ? readFileSync(pdf) : pdf, 'application/pdf');
  try {
    return use(doc);
  } finally {
    doc.destroy();
  }
}

function eachPage<T>(doc: mupdf.Document, use: (page: mupdf.Page) => T): T[] {
  const out: T[] = [];
  for (let i = 0, n = doc.countPages(); i < n; i++) {
    const page = doc.loadPage(i);
    try {
      out.push(use(page));
    } finally {
      page.destroy();
    }
  }
  return out;
}

/** Page count and the first page's size in points, rounded (as pdfinfo prints them). */
export function pdfInfo(pdf: Source): { pages: number; widthPt: number; heightPt: number } {
  return withDocument(pdf, (doc) => {
    const pages = doc.countPages();
    const page = doc.loadPage(0);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      return { pages, widthPt: Math.round(x1 - x0), heightPt: Math.round(y1 - y0) };
    } finally {
      page.destroy();
    }
  });
}

/** Every page's size in points, rounded. */
export function pdfPageSizes(pdf: Source): [number, number][] {
  return withDocument(pdf, (doc) => eachPage(doc, (page) => {
    const [x0, y0, x1, y1] = page.getBounds();
    return [Math.round(x1 - x0), Math.round(y1 - y0)] as [number, number];
  }));
}

/** The text of all pages, pages separated by a form feed (like pdftotext). */
export function pdfText(pdf: Source): string {
  return withDocument(pdf, (doc) => eachPage(doc, (page) => {
    const text = page.toStructuredText('preserve-whitespace');
    try {
      return text.asText();
    } finally {
      text.destroy();
    }
  }).join('\f'));
}

/** Every page rasterised at `dpi` (RGB, no alpha), as PNG bytes in page order. */
export function pdfToPngs(pdf: Source, dpi: number): Buffer[] {
  return withDocument(pdf, (doc) => eachPage(doc, (page) => {
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false);
    try {
      return Buffer.from(pix.asPNG());
    } finally {
      pix.destroy();
    }
  }));
}

export interface PdfLine { text: string; x: number; y: number; w: number; h: number }

/** Every page's text lines with their boxes (points, origin top left), and the page height. */
export function pdfLines(pdf: Source): { height: number; lines: PdfLine[] }[] {
  return withDocument(pdf, (doc) => eachPage(doc, (page) => {
    const st = page.toStructuredText('preserve-whitespace');
    try {
      const json = JSON.parse(st.asJSON()) as { blocks: { lines?: { text: string; bbox: { x: number; y: number; w: number; h: number } }[] }[] };
      const [, y0, , y1] = page.getBounds();
      return {
        height: y1 - y0,
        lines: json.blocks.flatMap((b) => b.lines ?? []).map((l) => ({ text: l.text, ...l.bbox })),
      };
    } finally {
      st.destroy();
    }
  }));
}
