// Drawing what students do to a bubble, in pixels of the printed page: graphite is modelled as a darkening
// multiplied onto the paper (out = v·(1 − α)), so the printed outline and letter stay visible under a light mark,
// with grain per pixel, stroke streaks and a ragged edge.
import type { Raster, Rect } from '../types.js';
import type { MarkKind } from './types.js';

type Rnd = () => number;
const between = (rnd: Rnd, lo: number, hi: number) => lo + (hi - lo) * rnd();

function darken(r: Raster, x: number, y: number, alpha: number): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height || alpha <= 0) return;
  const i = y * r.width + x;
  r.data[i] = r.data[i] * (1 - (alpha > 1 ? 1 : alpha));
}

/** A thick line segment (pixels), soft over one pixel at its edge. */
export function drawLine(r: Raster, x1: number, y1: number, x2: number, y2: number, width: number, alpha: number, rnd: Rnd, grain = 0.3): void {
  const half = width / 2;
  const minX = Math.floor(Math.min(x1, x2) - half - 1);
  const maxX = Math.ceil(Math.max(x1, x2) + half + 1);
  const minY = Math.floor(Math.min(y1, y2) - half - 1);
  const maxY = Math.ceil(Math.max(y1, y2) + half + 1);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy || 1;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5 - x1;
      const py = y + 0.5 - y1;
      const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
      const dist = Math.hypot(px - t * dx, py - t * dy);
      const edge = half + 0.5 - dist;
      if (edge <= 0) continue;
      darken(r, x, y, alpha * Math.min(1, edge) * (1 - grain / 2 + grain * rnd()));
    }
  }
}

interface FillOptions {
  /** Darkness 0–1 of the graphite or ink. */
  alpha: number;
  /** Grain: relative darkness variation per pixel. */
  grain: number;
  /** Half-size of the filled shape relative to the bubble's half-size. */
  reach: number;
  /** Only the part of the shape with (x−cx)·cos + (y−cy)·sin < cut·rx is filled (partial fills); 1 = whole. */
  cut?: { angle: number; at: number };
  /** Streak depth: stroke lines of period `period` px at `angle`. */
  streak: number;
}

/** A student's fill: a superellipse over the bubble, ragged edge, grain and streaks of back-and-forth strokes. */
function fillBubble(r: Raster, b: Rect, k: number, o: FillOptions, rnd: Rnd): void {
  const cx = (b.x + b.w / 2) * k + between(rnd, -0.06, 0.06) * b.w * k;
  const cy = (b.y + b.h / 2) * k + between(rnd, -0.06, 0.06) * b.h * k;
  const rx = (b.w / 2) * k * o.reach;
  const ry = (b.h / 2) * k * o.reach;
  const n = 3.2; // superellipse exponent: close to the printed rounded rectangle
  const rag = Array.from({ length: 16 }, () => between(rnd, -0.07, 0.07)); // edge wobble by angle
  const strokeAngle = between(rnd, -0.5, 0.5);
  const period = Math.max(2, 0.45 * k); // ≈ 0.45 mm between pencil strokes
  const sa = Math.sin(strokeAngle);
  const ca = Math.cos(strokeAngle);
  const x0 = Math.floor(cx - rx - 2);
  const x1 = Math.ceil(cx + rx + 2);
  const y0 = Math.floor(cy - ry - 2);
  const y1 = Math.ceil(cy + ry + 2);
  const m = Math.min(rx, ry);
  // the wobble only matters in the band where the edge is soft: outside it a pixel is surely out or wholly in
  const wobMin = 1 + Math.min(...rag);
  const wobMax = 1 + Math.max(...rag);
  const cutCos = o.cut ? Math.cos(o.cut.angle) : 0;
  const cutSin = o.cut ? Math.sin(o.cut.angle) : 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      const rho = (Math.abs(dx) ** n + Math.abs(dy) ** n) ** (1 / n);
      if ((wobMax - rho) * m + 0.5 < -1e-9) continue;
      let edge = 1;
      if ((wobMin - rho) * m + 0.5 < 1 + 1e-9) {
        const ang = Math.atan2(dy, dx);
        const wob = 1 + rag[Math.floor(((ang + Math.PI) / (2 * Math.PI)) * 16) & 15];
        // soft edge over about one pixel
        edge = Math.min(1, ((wob - rho) * m) + 0.5);
        if (edge <= 0) continue;
      }
      if (o.cut && (dx * cutCos + dy * cutSin) > o.cut.at) continue;
      const across = (x - cx) * -sa + (y - cy) * ca;
      const streak = 1 - o.streak * (0.5 + 0.5 * Math.cos((2 * Math.PI * across) / period));
      darken(r, x, y, o.alpha * edge * streak * (1 - o.grain / 2 + o.grain * rnd()));
    }
  }
}

/** Draws one mark of `kind` on bubble `b` (template in mm; pixel = mm × k). */
export function drawMark(r: Raster, b: Rect, k: number, kind: MarkKind, rnd: Rnd): void {
  const cx = (b.x + b.w / 2) * k;
  const cy = (b.y + b.h / 2) * k;
  const w = b.w * k;
  const h = b.h * k;
  switch (kind) {
    case 'pencil':
      fillBubble(r, b, k, { alpha: between(rnd, 0.62, 0.85), grain: between(rnd, 0.15, 0.35), reach: between(rnd, 0.95, 1.15), streak: between(rnd, 0, 0.15) }, rnd);
      return;
    case 'pen':
      fillBubble(r, b, k, { alpha: between(rnd, 0.85, 0.95), grain: 0.05, reach: between(rnd, 0.95, 1.1), streak: between(rnd, 0, 0.06) }, rnd);
      return;
    case 'faint':
      fillBubble(r, b, k, { alpha: between(rnd, 0.17, 0.34), grain: between(rnd, 0.3, 0.6), reach: between(rnd, 0.9, 1.1), streak: between(rnd, 0.1, 0.3) }, rnd);
      return;
    case 'partial': {
      // a half-done fill: a third to a half of the bubble from one side (cut through the shape), or a small blob in the middle
      const pencil = { alpha: between(rnd, 0.62, 0.85), grain: 0.25, streak: 0.1 };
      if (rnd() < 0.6) fillBubble(r, b, k, { ...pencil, reach: 1, cut: { angle: rnd() * 2 * Math.PI, at: between(rnd, -0.3, 0.2) } }, rnd);
      else fillBubble(r, b, k, { ...pencil, reach: between(rnd, 0.5, 0.65) }, rnd);
      return;
    }
    case 'tick': {
      const lw = between(rnd, 0.3, 0.6) * k; // 0.3–0.6 mm
      const a = between(rnd, 0.6, 0.85);
      const style = rnd();
      if (style < 0.6) { // ✓
        const mx = cx - w * between(rnd, 0.05, 0.2);
        const my = cy + h * between(rnd, 0.25, 0.45);
        drawLine(r, cx - w * 0.4, cy - h * 0.05, mx, my, lw, a, rnd);
        drawLine(r, mx, my, cx + w * between(rnd, 0.35, 0.55), cy - h * between(rnd, 0.45, 0.7), lw, a, rnd);
      } else if (style < 0.8) { // a slash across
        drawLine(r, cx - w * 0.45, cy + h * 0.45, cx + w * 0.45, cy - h * 0.45, lw, a, rnd);
      } else { // a dash through the middle
        drawLine(r, cx - w * 0.45, cy + between(rnd, -0.1, 0.1) * h, cx + w * 0.45, cy + between(rnd, -0.1, 0.1) * h, lw * 1.4, a, rnd);
      }
      return;
    }
    case 'erasure':
      // what the rubber leaves: a light smear a little beyond the bubble
      fillBubble(r, b, k, { alpha: between(rnd, 0.05, 0.2), grain: between(rnd, 0.5, 0.9), reach: between(rnd, 1.0, 1.25), streak: between(rnd, 0.2, 0.5) }, rnd);
      return;
    case 'stray': {
      const lw = between(rnd, 0.25, 0.45) * k;
      const a = between(rnd, 0.5, 0.8);
      if (rnd() < 0.5) { // a dot
        const dx = cx + between(rnd, -0.35, 0.35) * w;
        const dy = cy + between(rnd, -0.3, 0.3) * h;
        drawLine(r, dx, dy, dx + between(rnd, -0.3, 0.3) * k, dy + between(rnd, -0.2, 0.2) * k, between(rnd, 0.5, 1.1) * k, a, rnd);
      } else { // a line clipping the bubble from outside
        const ang = rnd() * Math.PI;
        const off = between(rnd, -0.4, 0.4) * h;
        const len = between(rnd, 0.6, 1.6) * w;
        const px = cx - off * Math.sin(ang);
        const py = cy + off * Math.cos(ang);
        const start = between(rnd, -1, 0.2) * len;
        drawLine(r, px + Math.cos(ang) * start, py + Math.sin(ang) * start,
          px + Math.cos(ang) * (start + len), py + Math.sin(ang) * (start + len), lw, a, rnd);
      }
      return;
    }
  }
}

/** Handwriting-like strokes inside a written-answer block (rows of short wavy strokes in pen). */
export function drawHandwriting(r: Raster, block: Rect, k: number, rnd: Rnd): void {
  const lineH = Math.min(8, block.h * 0.8);
  const top = block.h > 20 ? 9 : (block.h - lineH) / 2; // below the title of a large box; centred in a fill-in line
  const rows = Math.max(1, Math.floor((block.h - top) / lineH));
  const used = Math.max(1, Math.floor(rows * between(rnd, 0.2, 0.9)));
  const size = Math.min(3.5, lineH * 0.5); // character height, mm
  const lw = 0.35 * k;
  for (let row = 0; row < used; row++) {
    const y = (block.y + top + row * lineH + lineH * 0.5) * k;
    let x = (block.x + between(rnd, 3, 8)) * k;
    const end = (block.x + block.w * between(rnd, 0.5, 0.95)) * k;
    while (x < end) {
      // one character: 2–4 short strokes in a cell of `size` mm
      const strokes = 2 + Math.floor(rnd() * 3);
      for (let s = 0; s < strokes; s++) {
        drawLine(r, x + between(rnd, 0, size) * k, y + between(rnd, -size / 2, size / 2) * k, x + between(rnd, 0, size) * k, y + between(rnd, -size / 2, size / 2) * k, lw, 0.85, rnd, 0.1);
      }
      x += between(rnd, size * 1.1, size * 1.6) * k;
    }
  }
}
