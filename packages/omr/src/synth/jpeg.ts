// The scanner's last step, outside the pure generator: the greyscale raster as a JPEG file at the sheet's
// quality, with its resolution written in the file as a scanner does.
import sharp from 'sharp';
import type { Raster } from '../types.js';

export async function encodeJpeg(r: Raster, quality: number, dpi?: number): Promise<Buffer> {
  let img = sharp(Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength), { raw: { width: r.width, height: r.height, channels: 1 } })
    .jpeg({ quality, chromaSubsampling: '4:4:4' });
  if (dpi) img = img.withMetadata({ density: dpi });
  return img.toBuffer();
}
