// Tiny painter for unit tests: black shapes on a white greyscale raster, pixel (x, y) covering [x, x+1).
import type { Raster } from '../types.js';

export interface Canvas { width: number; height: number; data: Uint8Array }

export function paint(width: number, height: number, draw: (c: Canvas) => void): Raster {
  const c = { width, height, data: new Uint8Array(width * height).fill(255) };
  draw(c);
  return c;
}

/** A ring of outer radius `r` and stroke `stroke` (a disc when stroke ≥ r), grey `v`. */
export function ring(c: Canvas, cx: number, cy: number, r: number, stroke: number, v = 0): void {
  for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++) {
    for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
      if (x < 0 || y < 0 || x >= c.width || y >= c.height) continue;
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      if (d <= r && d >= r - stroke) c.data[y * c.width + x] = v;
    }
  }
}

/** A square with top-left (x, y) and side `s`: filled, or a 4 px outline. */
export function square(c: Canvas, x: number, y: number, s: number, filled: boolean, v = 0): void {
  for (let j = y; j < y + s; j++) {
    for (let i = x; i < x + s; i++) {
      const edge = i < x + 4 || j < y + 4 || i >= x + s - 4 || j >= y + s - 4;
      if (filled || edge) c.data[j * c.width + i] = v;
    }
  }
}

/** An L bracket: vertex at (vx, vy), arms of `arm` px running in directions dx, dy (±1), `stroke` px thick. */
export function bracket(c: Canvas, vx: number, vy: number, arm: number, stroke: number, dx: 1 | -1, dy: 1 | -1, v = 0): void {
  const set = (x: number, y: number) => { if (x >= 0 && y >= 0 && x < c.width && y < c.height) c.data[y * c.width + x] = v; };
  for (let i = 0; i < arm; i++) {
    for (let k = 0; k < stroke; k++) {
      set(dx > 0 ? vx + i : vx - 1 - i, dy > 0 ? vy + k : vy - 1 - k); // horizontal arm
      set(dx > 0 ? vx + k : vx - 1 - k, dy > 0 ? vy + i : vy - 1 - i); // vertical arm
    }
  }
}
