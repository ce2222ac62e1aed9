// Synthetic phone photos for unit tests: a page raster seen through a known perspective map, on a dark
// background, each photo pixel the mean of 4 × 4 sub-samples (so edges are anti-aliased as a camera blurs them).
import { applyHomography, invertHomography } from '../homography.js';
import type { Raster } from '../types.js';

/** `h`: page pixels → photo pixels. */
export function photograph(page: Raster, h: readonly number[], width: number, height: number, background = 50): Raster {
  const inv = invertHomography(h)!;
  const data = new Uint8Array(width * height);
  const S = 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let j = 0; j < S; j++) {
        for (let i = 0; i < S; i++) {
          const [u, v] = applyHomography(inv, x + (i + 0.5) / S, y + (j + 0.5) / S);
          const iu = Math.floor(u);
          const iv = Math.floor(v);
          sum += iu < 0 || iv < 0 || iu >= page.width || iv >= page.height ? background : page.data[iv * page.width + iu];
        }
      }
      data[y * width + x] = Math.round(sum / (S * S));
    }
  }
  return { width, height, data };
}
