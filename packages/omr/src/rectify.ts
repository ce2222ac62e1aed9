// Photographed sheets (template.findPage, OMRChecker's CropPage): the paper's corners are found in the picture
// (page-edges.ts), and with them the perspective map (homography) from the template's frame to the picture.
// With markers (CropPage then CropOnMarkers) the frame is the markers' centres, searched in the quarters of the
// page once the page itself is straightened. The picture is then resampled once into the frame, at about its own
// resolution, and read as a sheet scanned edge to edge: no anchors, the page is the frame, settled on the printed
// bubbles (page-align.ts).
import { applyHomography, composeHomography, fitHomography, type Homography } from './homography.js';
import { settleTemplate } from './group-align.js';
import { alignToPrint } from './page-align.js';
import { findPage, type Quad } from './page-edges.js';
import { findQuadrantMarkers } from './quadrant-markers.js';
import type { Point } from './transform.js';
import type { Raster, Rect, SheetResult, SheetTemplate } from './types.js';
import { warpRaster } from './warp.js';

export interface Rectified {
  /** The picture resampled into the template's frame, `scale` pixels per template unit. */
  raster: Raster;
  scale: number;
  /** The template to read it with, in the straightened page's pixels: no anchors, every group settled. */
  template: SheetTemplate;
  /** Template units → pixels of the input picture. */
  homography: Homography;
  /** The paper's corners in the picture (top-left, top-right, bottom-right, bottom-left). */
  page: Quad;
}

export type RectifyFailure = { failed: 'page' } | { failed: 'markers' };

/** Largest resampled page, in pixels (an A4 page at 250 dpi). */
const MAX_PIXELS = 6_000_000;

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

export function rectifyPhoto(r: Raster, template: SheetTemplate): Rectified | RectifyFailure {
  const page = findPage(r);
  if (!page) return { failed: 'page' };
  const { width: W, height: H } = template;
  let h: Homography | null;
  if (template.anchors.length >= 4) {
    // straighten the page at its own size, then find the markers in its quarters
    const pw = Math.round((dist(page[0], page[1]) + dist(page[3], page[2])) / 2);
    const ph = Math.round((dist(page[0], page[3]) + dist(page[1], page[2])) / 2);
    const toPage = fitHomography([[0, 0], [pw, 0], [pw, ph], [0, ph]], page);
    if (!toPage) return { failed: 'page' };
    const straight = warpRaster(r, toPage, pw, ph);
    // the converter's marker size is a share of the frame's width; the frame lies inside the page
    const size = (template.anchors[0].w / W) * pw;
    const hits = findQuadrantMarkers(straight, size);
    if (!hits) return { failed: 'markers' };
    const inPicture = hits.map((m) => applyHomography(toPage, m.x, m.y));
    const frame = template.anchors.map((a) => [a.x + a.w / 2, a.y + a.h / 2] as Point);
    h = fitHomography(frame, inPicture);
  } else {
    h = fitHomography([[0, 0], [W, 0], [W, H], [0, H]], page);
  }
  if (!h) return { failed: 'page' };
  // about the picture's own resolution over the frame (never below one pixel per unit), bounded in size
  const [a, b, c, d] = [applyHomography(h, 0, 0), applyHomography(h, W, 0), applyHomography(h, W, H), applyHomography(h, 0, H)];
  const own = Math.sqrt(((dist(a, b) + dist(d, c)) / 2 / W) * ((dist(a, d) + dist(b, c)) / 2 / H));
  const scale = Math.min(Math.max(1, own), Math.sqrt(MAX_PIXELS / (W * H)));
  const outW = Math.round(W * scale);
  const outH = Math.round(H * scale);
  const raster = warpRaster(r, composeHomography(h, [1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1]), outW, outH);
  const { anchorShape: _shape, findPage: _find, ...rest } = template;
  // the frame settled on the printed bubbles as a whole, then each group on its own (group-align.ts)
  const frame = alignToPrint(raster, { ...rest, anchors: [] }, [scale, 0, 0, 0, scale, 0]);
  return { raster, scale, template: settleTemplate(raster, rest, frame), homography: h, page };
}

/** The result read on the straightened page, told in the picture's pixels (blocks, the perspective map). */
export function onPicture(res: SheetResult, rect: Rectified, template: SheetTemplate, width: number, height: number): SheetResult {
  if (res.status !== 'ok') return res;
  const h = rect.homography;
  const box = (q: Rect): Rect => {
    const pts = [applyHomography(h, q.x, q.y), applyHomography(h, q.x + q.w, q.y), applyHomography(h, q.x + q.w, q.y + q.h), applyHomography(h, q.x, q.y + q.h)];
    const x0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1]))));
    const x1 = Math.min(width, Math.ceil(Math.max(...pts.map((p) => p[0]))));
    const y1 = Math.min(height, Math.ceil(Math.max(...pts.map((p) => p[1]))));
    return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
  };
  const round = (v: number) => Math.round(v * 1e9) / 1e9;
  return {
    ...res,
    homography: h.map(round),
    pageScale: Math.round(rect.scale * 1e4) / 1e4,
    page: rect.page.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]),
    blocks: template.blocks.map((b) => ({ id: b.id, rect: box(b.rect) })),
  };
}
