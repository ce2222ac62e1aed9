// Scanner PDFs → one greyscale raster per page, rasterised by mupdf's WASM build (no system packages).
// mupdf is loaded on first use: it is a large module and most batches hold no PDF.
import type * as Mupdf from 'mupdf';
import { OmrInputError } from './errors.js';
import type { Raster } from './types.js';

export async function decodePdf(bytes: Uint8Array, opts: { dpi?: number; page?: number; maxPixels?: number } = {}): Promise<Raster[]> {
  const mupdf = await import('mupdf');
  const dpi = opts.dpi ?? 200;
  let doc: InstanceType<typeof mupdf.Document>;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw new OmrInputError('PDF 文件已损坏，无法打开');
  }
  try {
    const n = doc.countPages();
    if (n === 0) throw new OmrInputError('PDF 文件没有页面');
    if (opts.page !== undefined && (opts.page < 0 || opts.page >= n)) throw new OmrInputError(`PDF 只有 ${n} 页，没有第 ${opts.page + 1} 页`);
    const indices = opts.page !== undefined ? [opts.page] : Array.from({ length: n }, (_, i) => i);
    return indices.map((i) => renderPdfPage(mupdf, doc, i, dpi, opts.maxPixels ?? 100_000_000));
  } finally {
    doc.destroy();
  }
}

/** Size in pixels of page i rendered at dpi (nothing rendered). */
export function pdfPageSize(doc: Mupdf.Document, i: number, dpi: number): [number, number] {
  const page = doc.loadPage(i);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    return [Math.ceil(((x1 - x0) * dpi) / 72), Math.ceil(((y1 - y0) * dpi) / 72)];
  } finally {
    page.destroy();
  }
}

/** Page i of an open document rendered in grey at dpi; a page over maxPixels is refused before rendering. */
export function renderPdfPage(mupdf: typeof Mupdf, doc: Mupdf.Document, i: number, dpi: number, maxPixels: number): Raster {
  const page = doc.loadPage(i);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const pw = Math.ceil(((x1 - x0) * dpi) / 72);
    const ph = Math.ceil(((y1 - y0) * dpi) / 72);
    if (pw * ph > maxPixels) throw new OmrInputError(`PDF 第 ${i + 1} 页过大（${pw} × ${ph} 像素），不是扫描的答题卡`);
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false);
    try {
      const width = pix.getWidth();
      const height = pix.getHeight();
      const stride = pix.getStride();
      const px = pix.getPixels();
      const data = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) data.set(px.subarray(y * stride, y * stride + width), y * width);
      return { width, height, data, dpi };
    } finally {
      pix.destroy();
    }
  } catch (e) {
    if (e instanceof OmrInputError) throw e;
    throw new OmrInputError(`PDF 第 ${i + 1} 页无法渲染：文件可能已损坏`);
  } finally {
    page.destroy();
  }
}
