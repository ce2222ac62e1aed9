// Placing an imported template on the school's own blank scan. Another tool's template may live in a frame of
// its own (OMRChecker: the corner markers' centres warped to `pageDimensions`, whatever the page's real
// proportions), so a converted template is re-expressed in pixels of a reference scan: its anchors are found on
// that scan (anywhere near where the frame puts them, any proportions), an affine map is fitted from them, and
// every rectangle is carried over. From then on the template is a plain 'px' template of that scan, checked by
// the engine like any other.
import { findAnchor } from '../anchors.js';
import { findBracketAnchor } from '../anchors-bracket.js';
import { findRingAnchor } from '../anchors-ring.js';
import { findQuadrantMarkers } from '../quadrant-markers.js';
import { applyAffine, fitAffine, type Point } from '../transform.js';
import type { Bubble, Raster, Rect, SheetTemplate } from '../types.js';
import { ImportError } from './imported.js';

/** How far from its frame position an anchor may be on the reference scan, as a share of the shorter side. */
const SEARCH = 0.15;

export function placeOnScan(template: SheetTemplate, r: Raster): SheetTemplate {
  if (template.anchors.length < 3) return template; // the page itself is the frame: nothing to place
  if (template.findPage) return template; // a photo: the frame is found on every picture (rectify.ts)
  const kx = r.width / template.width;
  const ky = r.height / template.height;
  const find = template.anchorShape === 'ring' ? findRingAnchor : template.anchorShape === 'bracket' ? findBracketAnchor : findAnchor;
  const src: Point[] = [];
  const dst: Point[] = [];
  template.anchors.forEach((a) => {
    const w = a.w * kx;
    const h = a.h * ky;
    const cx = (a.x + a.w / 2) * kx;
    const cy = (a.y + a.h / 2) * ky;
    const hit = find(r, { cx, cy, w, h, radius: SEARCH * Math.min(r.width, r.height) + Math.max(w, h) });
    if (hit) {
      src.push([a.x + a.w / 2, a.y + a.h / 2]);
      dst.push([hit.x, hit.y]);
    }
  });
  // OMRChecker's markers may lie anywhere in their quarter of the page (CropOnMarkers): a crop that keeps a wide
  // margin puts them far from the frame's corners
  let quarters = false;
  if (src.length < template.anchors.length && template.anchorShape === 'ring' && template.anchors.length === 4) {
    const hits = findQuadrantMarkers(r, template.anchors[0].w * kx);
    if (hits) {
      quarters = true;
      src.length = 0;
      dst.length = 0;
      template.anchors.forEach((a, i) => { src.push([a.x + a.w / 2, a.y + a.h / 2]); dst.push([hits[i].x, hits[i].y]); });
    }
  }
  if (src.length < template.anchors.length) throw new ImportError(`参考扫描图上只找到 ${src.length} 个定位点（模板有 ${template.anchors.length} 个）：请上传一张完整、清晰的空白卡扫描图`);
  const fit = fitAffine(src, dst);
  // rings found by quarter may include a stray one: the four must agree with one map
  if (!fit || (quarters && fit.worst > 0.01 * Math.min(r.width, r.height))) throw new ImportError('参考扫描图上的定位点位置无法与模板对应');
  const t = fit.t;
  const sx = Math.hypot(t[0], t[3]);
  const sy = Math.hypot(t[1], t[4]);
  const rect = (q: Rect): Rect => {
    const [cx, cy] = applyAffine(t, q.x + q.w / 2, q.y + q.h / 2);
    const w = q.w * sx;
    const h = q.h * sy;
    return { x: round(cx - w / 2), y: round(cy - h / 2), w: round(w), h: round(h) };
  };
  const bubble = (b: Bubble): Bubble => ({ ...rect(b), value: b.value });
  const groups = (gs: SheetTemplate['questions']) => gs.map((g) => ({ ...g, bubbles: g.bubbles.map(bubble) }));
  return {
    ...template,
    width: r.width,
    height: r.height,
    anchors: template.anchors.map(rect),
    ...(template.pageCode ? { pageCode: { cells: template.pageCode.cells.map(rect) } } : {}),
    ...(template.admission
      ? { admission: { ...(template.admission.digits ? { digits: groups(template.admission.digits) } : {}), ...(template.admission.barcode ? { barcode: rect(template.admission.barcode) } : {}) } }
      : {}),
    ...(template.absent ? { absent: rect(template.absent) } : {}),
    questions: groups(template.questions),
    blocks: template.blocks.map((b) => ({ id: b.id, rect: rect(b.rect) })),
  };
}

const round = (v: number) => Math.round(v * 10) / 10;
