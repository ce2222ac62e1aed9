// Subjective blocks are found on the raster the engine read; when the decoder shrank the image while loading
// (Raster.fileWidth/fileHeight), the cutter works on the full-resolution file and needs the rectangles there.
import type { Raster, SheetResult } from './types.js';

export function blocksInFilePixels(result: SheetResult, raster: Raster): SheetResult['blocks'] {
  const kx = (raster.fileWidth ?? raster.width) / raster.width;
  const ky = (raster.fileHeight ?? raster.height) / raster.height;
  const fw = raster.fileWidth ?? raster.width;
  const fh = raster.fileHeight ?? raster.height;
  return result.blocks.map(({ id, rect }) => {
    const x = Math.max(0, Math.floor(rect.x * kx));
    const y = Math.max(0, Math.floor(rect.y * ky));
    return { id, rect: { x, y, w: Math.min(fw, Math.ceil((rect.x + rect.w) * kx)) - x, h: Math.min(fh, Math.ceil((rect.y + rect.h) * ky)) - y } };
  });
}
