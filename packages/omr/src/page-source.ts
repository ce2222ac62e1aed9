// One file (image, multi-page TIFF or PDF) opened for decoding one page at a time: the page count and every page's
// pixel count come from the headers (nothing decoded), so a caller checks its budgets before decoding anything
// and then holds one page's raster at a time. A PDF document stays open between pages (reopening it for each page
// would parse the whole file again).
import sharp from 'sharp';
import { decodePage, imageMeta } from './decode.js';
import { pdfPageSize, renderPdfPage } from './decode-pdf.js';
import { OmrInputError } from './errors.js';
import type { Raster } from './types.js';

export interface PageSource {
  kind: 'image' | 'pdf';
  /** Pixels of each page as decoded at the file's own resolution (a PDF: as rendered at the wanted dpi). */
  pixels: number[];
  decode(index: number): Promise<Raster>;
  close(): void;
}

const isPdf = (b: Uint8Array) => b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d;

export async function openPageSource(bytes: Uint8Array, opts: { targetDpi: number; maxPagePixels: number }): Promise<PageSource> {
  if (!bytes.length) throw new OmrInputError('文件为空');
  return isPdf(bytes) ? openPdf(bytes, opts) : openImage(bytes, opts);
}

async function openImage(bytes: Uint8Array, opts: { targetDpi: number; maxPagePixels: number }): Promise<PageSource> {
  const meta = await imageMeta(bytes);
  const pages = meta.pages ?? 1;
  const pixels: number[] = [];
  for (let i = 0; i < pages; i++) {
    const m = await sharp(bytes, { page: i }).metadata().catch(() => null);
    // an unreadable page header counts as nothing here and fails on its own when decoded
    pixels.push(m?.width && m.height ? m.width * (m.pageHeight ?? m.height) : 0);
  }
  return {
    kind: 'image', pixels,
    decode: (i) => decodePage(bytes, i, undefined, opts.targetDpi, opts.maxPagePixels),
    close() { /* nothing held but the bytes */ },
  };
}

async function openPdf(bytes: Uint8Array, opts: { targetDpi: number; maxPagePixels: number }): Promise<PageSource> {
  const mupdf = await import('mupdf');
  const dpi = opts.targetDpi;
  let doc: InstanceType<typeof mupdf.Document>;
  let n: number;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    n = doc.countPages();
  } catch {
    throw new OmrInputError('PDF 文件已损坏，无法打开');
  }
  if (n === 0) { doc.destroy(); throw new OmrInputError('PDF 文件没有页面'); }
  const pixels: number[] = [];
  for (let i = 0; i < n; i++) {
    try { const [w, h] = pdfPageSize(doc, i, dpi); pixels.push(w * h); } catch { pixels.push(0); }
  }
  return {
    kind: 'pdf', pixels,
    decode: async (i) => renderPdfPage(mupdf, doc, i, dpi, opts.maxPagePixels),
    close() { doc.destroy(); },
  };
}
