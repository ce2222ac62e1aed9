// The scanner's last step, outside the pure generator: the greyscale raster as a JPEG file at the sheet's
// quality, with its resolution written in the file as a scanner does. One grey channel, as a scanner in greyscale
// mode writes it (sharp would otherwise write three sRGB channels, which costs twice the time to encode and decode).
import sharp from 'sharp';
import type { Raster } from '../types.js';

export async function encodeJpeg(r: Raster, quality: number, dpi?: number): Promise<Buffer> {
  let img = sharp(Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength), { raw: { width: r.width, height: r.height, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality });
  if (dpi) img = img.withDensity(dpi);
  return img.toBuffer();
}
