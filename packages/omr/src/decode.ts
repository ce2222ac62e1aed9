// Image files → greyscale rasters. sharp (libvips) decodes JPEG/PNG/TIFF/WebP (every page of a multi-page TIFF);
// RGB keeps only its first channel (much faster than a weighted grey, and enough for black print on white);
// a scan far above the wanted resolution is shrunk while loading (JPEG DCT scaling), as decoding is most of
// the cost of recognising a sheet. PDFs go to mupdf (decode-pdf.ts).
import sharp, { type Metadata } from 'sharp';
import { decodePdf } from './decode-pdf.js';
import { IMAGE_FORMATS, NOT_AN_IMAGE, OmrInputError, unsupportedFormat } from './errors.js';
import type { Raster } from './types.js';

export interface DecodeOptions {
  /**
   * Shrink while loading by the largest power of two that keeps at least this resolution (a 200 dpi scan with
   * targetDpi 100 is decoded at 100 dpi, a 300 dpi one at 150). PDFs are rendered at it (default 200).
   */
  targetDpi?: number;
  /** Only this page (0-based) of a multi-page TIFF or PDF. */
  page?: number;
  /** Largest image accepted, in pixels (default 100 million: an A3 page at 600 dpi is 35 million). */
  maxPixels?: number;
}

const A4_SHORT_IN = 210 / 25.4;

const isPdf = (b: Uint8Array) => b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d;

/** The header of a picture of an accepted format; anything else is refused with its Chinese reason. */
export async function imageMeta(bytes: Uint8Array | Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new OmrInputError(NOT_AN_IMAGE);
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new OmrInputError(unsupportedFormat(meta.format));
  return meta;
}

export async function decodeImage(bytes: Uint8Array | Buffer, opts: DecodeOptions = {}): Promise<Raster[]> {
  if (!bytes || bytes.length === 0) throw new OmrInputError('文件为空');
  if (isPdf(bytes)) return decodePdf(bytes, { dpi: opts.targetDpi, page: opts.page, maxPixels: opts.maxPixels });
  const meta = await imageMeta(bytes);
  const pages = meta.pages ?? 1;
  if (opts.page !== undefined && (opts.page < 0 || opts.page >= pages)) throw new OmrInputError(`图片只有 ${pages} 页，没有第 ${opts.page + 1} 页`);
  const indices = opts.page !== undefined ? [opts.page] : Array.from({ length: pages }, (_, i) => i);
  const out: Raster[] = [];
  for (const page of indices) out.push(await decodePage(bytes, page, pages > 1 ? undefined : meta, opts.targetDpi, opts.maxPixels ?? 100_000_000));
  return out;
}

export async function decodePage(bytes: Uint8Array, page: number, known: Metadata | undefined, targetDpi: number | undefined, maxPixels: number): Promise<Raster> {
  try {
    const meta = known ?? (await sharp(bytes, { page }).metadata());
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    if (!w || !h) throw new OmrInputError('图片尺寸无效');
    if (w * h > maxPixels) throw new OmrInputError(`图片尺寸过大（${w} × ${h} 像素），不是扫描的答题卡`);
    const fileDpi = meta.density && meta.density >= 50 && meta.density <= 1200 ? meta.density : Math.min(w, h) / A4_SHORT_IN;
    // ignoreIcc: an embedded colour profile would cost a full colour transform; only darkness matters here.
    let img = sharp(bytes, { page, failOn: 'error', ignoreIcc: true, sequentialRead: true });
    let dpi = fileDpi;
    // Only whole powers of two: the JPEG decoder then shrinks during decoding (DCT scaling) and the
    // remaining resize is the identity; other factors would pay for a full decode plus a resample.
    // A 1-bit (dithered) scan carries its greys as dots: averaged down to the nearest power of two (a 300 dpi one
    // read at 150 for 200), its dots turn into the greys they stand for. Read at full resolution, OpenMCR's
    // 300 dpi scans sampled the dots: marks read 0.55 instead of 0.8, and 11 clear answers on 17 sheets were
    // asked about instead of 8.
    const ratio = targetDpi ? Math.log2(fileDpi / targetDpi) : 0;
    const shrink = targetDpi ? 2 ** Math.max(0, meta.bitsPerSample === 1 ? Math.round(ratio) : Math.floor(ratio)) : 1;
    if (shrink >= 2) {
      const width = Math.max(1, Math.round(w / shrink));
      // A JPEG is shrunk by its decoder, so the resize left is the identity; any other file (a 1-bit dithered
      // PNG or TIFF above all) is averaged: sampling every other pixel of a dither keeps it a sieve at half the
      // resolution, and the grey corner marks of such scans were not found at all.
      img = img.resize({ width, height: Math.max(1, Math.round(h / shrink)), fit: 'fill', kernel: meta.format === 'jpeg' ? 'nearest' : 'linear' });
      dpi = (fileDpi * width) / w;
    }
    // Always one channel out: sharp would otherwise hand back even a greyscale file as three sRGB channels.
    img = meta.space === 'cmyk' ? img.greyscale().toColourspace('b-w') : img.extractChannel(0);
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new OmrInputError('图片颜色通道无法转换为灰度');
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length), dpi: Math.round(dpi), fileWidth: w, fileHeight: h };
  } catch (e) {
    if (e instanceof OmrInputError) throw e;
    throw new OmrInputError(`图片已损坏或不完整，无法解码${page ? `（第 ${page + 1} 页）` : ''}`);
  }
}
