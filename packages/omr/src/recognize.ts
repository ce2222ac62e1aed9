// recognizeSheet: one scanned page + its template → every decision. Pure and synchronous (the barcode, which
// needs zxing-wasm, is read separately: barcode.ts). Steps: locate the page in both orientations where needed
// (the page code tells upright from upside down), darkness of every bubble, the sheet's own threshold, then
// readings with their doubts, and the subjective blocks in pixels.
import { readAdmissionBubbles } from './admission.js';
import type { AnchorHit } from './anchors.js';
import { darkness, ink, makeSampler, type InkScale } from './bubbles.js';
import { alignToPrint } from './page-align.js';
import { flattenLocalBackground, flattenPrintedLabels } from './printed-labels.js';
import { locate, type LocateFailure, type LocateOptions, type Location } from './locate.js';
import { readPageCodeCells, type PageCodeReading } from './pagecode.js';
import { onPicture, rectifyPhoto } from './rectify.js';
import { judgeLone, learnThreshold, letterLevels, readGroup, THIRD_PARTY_EMPTY_BAND } from './threshold.js';
import { rectToPixels, type Fit } from './transform.js';
import type { Raster, SheetResult, SheetTemplate } from './types.js';

export interface RecognizeOptions extends LocateOptions {
  /** Skip orientation detection (e.g. a person rotated the page already). */
  orientation?: 0 | 180;
  /** Threshold for a sheet that shows no marks of its own (e.g. the batch's median threshold). */
  thresholdHint?: number;
}

export const REJECT = {
  blank: '空白页：页面上没有印刷内容，不是答题卡',
  anchors: (found: number) => `未找到答题卡定位点（找到 ${found} 个，至少需要 3 个）：可能不是本答题卡、扫描不完整或定位点被遮挡，请检查后重新扫描`,
  fit: '定位点位置与答题卡版式不符：可能不是本答题卡，或扫描变形过大，请重新扫描',
  raster: '图像为空或尺寸无效',
  page: '未找到纸张边缘：照片中纸张须完整、与背景分明，请重新拍摄',
  markers: '纸张上未找到四个角的定位标记：请拍摄完整的答题卡',
} as const;

const round = (v: number, k = 1000) => Math.round(v * k) / k;

interface Candidate {
  loc: Location;
  scale: InkScale;
  code: PageCodeReading | null;
}

export function recognizeSheet(raster: Raster, template: SheetTemplate, opts: RecognizeOptions = {}): SheetResult {
  const { width: W, height: H } = raster;
  if (!(W > 0 && H > 0) || raster.data.length < W * H) return rejected(REJECT.raster);

  // A photo: straighten the page first, then read it as a page scanned edge to edge.
  if (template.findPage) {
    const rect = rectifyPhoto(raster, template);
    if ('failed' in rect) return rejected(rect.failed === 'page' ? REJECT.page : REJECT.markers);
    return onPicture(recognizeSheet(rect.raster, rect.template, { ...opts, orientation: 0 }), rect, template, W, H);
  }

  const noAnchors = template.anchors.length === 0;
  // Without anchors nothing else would notice an empty page.
  if (noAnchors && isBlank(raster)) return rejected(REJECT.blank);
  // Without anchors or page code nothing tells upside down from upright: upright unless told.
  const orientations: (0 | 180)[] = opts.orientation !== undefined ? [opts.orientation] : noAnchors && !template.pageCode ? [0] : [0, 180];
  const cache = new Map<string, AnchorHit | null>();
  const candidates: Candidate[] = [];
  const failures: LocateFailure[] = [];
  for (const rotation of orientations) {
    const loc = noAnchors ? pageFrame(raster, template, rotation) : locate(raster, template, rotation, opts, cache);
    if ('failed' in loc) { failures.push(loc); continue; }
    const scale = inkScale(raster, loc);
    const code = template.pageCode ? readPageCodeCells(makeSampler(raster, loc.fit.t, scale), template.pageCode.cells) : null;
    candidates.push({ loc, scale, code });
    if (code?.decoded) break; // a valid page code settles the orientation
  }
  if (!candidates.length) {
    if (isBlank(raster)) return rejected(REJECT.blank);
    const most = failures.reduce((a, f) => (f.found > a.found ? f : a), failures[0]);
    return rejected(most.failed === 'anchors' ? REJECT.anchors(most.found) : REJECT.fit);
  }
  const chosen = choose(candidates);
  const { loc, scale } = chosen;
  const t = loc.fit.t;
  const s = makeSampler(raster, t, scale);

  // The product's own cards print each option's letter inside its bubble and come from a scanner (flat light):
  // there every letter's empty level is learnt from the sheet, for the bubbles' mean and their darkest half.
  // Templates drawn over other cards are often photographed (uneven light) and flatten their printed labels
  // already (printedLabels).
  const byLetter = template.unit === 'mm';
  const qInk = template.questions.map((g) => g.bubbles.map((b) => ink(s, b)));
  const qRaw = qInk.map((g) => g.map((x) => x.mean));
  const qPeak = byLetter ? qInk.map((g) => g.map((x) => x.peak)) : undefined;
  const digits = template.admission?.digits ?? [];
  const aRaw = digits.map((g) => g.bubbles.map((b) => darkness(s, b)));
  // …each value's empty level, then the shading of the page region around each bubble
  const [qDark, aDark] = template.printedLabels
    ? flattenLocalBackground(template.questions, digits, flattenPrintedLabels([{ groups: template.questions, dark: qRaw }, { groups: digits, dark: aRaw }]))
    : [qRaw, aRaw];
  const absentDark = template.absent ? darkness(s, template.absent) : null;
  const th = learnThreshold([...qDark.flat(), ...aDark.flat(), ...(absentDark === null ? [] : [absentDark])], opts.thresholdHint,
    template.unit === 'px' ? THIRD_PARTY_EMPTY_BAND : undefined);
  const levels = byLetter ? letterLevels(template.questions, qDark, th, qPeak) : undefined;

  const result: SheetResult = {
    status: 'ok',
    rotation: loc.rotation,
    transform: t.map((v) => round(v, 1e6)),
    residualPx: round(loc.fit.residual, 100),
    anchorsFound: loc.found,
    inkGrey: Math.round(scale.ink),
    paperGrey: Math.round(scale.paper),
    threshold: round(th.t),
    thresholdLearnt: th.learnt,
    questions: template.questions.map((g, i) => readGroup(g, qDark[i], th, false, levels && { levels, peak: qPeak?.[i] })),
    blocks: template.blocks.map((b) => ({ id: b.id, rect: rectToPixels(t, b.rect, W, H) })),
  };
  if (!noAnchors && loc.used.length < template.anchors.length) result.doubt = 'anchor-missing';
  if (chosen.code) {
    result.pageCode = { bits: chosen.code.bits, darkness: chosen.code.darkness };
    if (chosen.code.doubt) result.pageCode.doubt = chosen.code.doubt;
  }
  if (digits.length) result.admission = readAdmissionBubbles(digits, aDark, th);
  if (absentDark !== null) {
    const j = judgeLone(absentDark, th);
    result.absent = { marked: j.marked, darkness: round(absentDark) };
    if (j.doubt) result.absent.doubt = j.doubt;
  }
  return result;
}

/**
 * The batch's threshold for sheets that show no marks of their own: the median of the thresholds the other
 * sheets of the batch learnt (undefined when none did).
 */
export function batchThreshold(results: SheetResult[]): number | undefined {
  const learnt = results.filter((r) => r.status === 'ok' && r.thresholdLearnt && r.threshold !== undefined).map((r) => r.threshold!).sort((a, b) => a - b);
  if (!learnt.length) return undefined;
  const mid = learnt.length >> 1;
  return learnt.length % 2 ? learnt[mid] : (learnt[mid - 1] + learnt[mid]) / 2;
}

/** Upright unless only the turned page code reads; with no code readable, the clearer cells, then the better fit. */
function choose(cands: Candidate[]): Candidate {
  const valid = cands.find((c) => c.code?.decoded);
  if (valid) return valid;
  return cands.reduce((best, c) => {
    const cb = best.code?.clarity ?? 0;
    const cc = c.code?.clarity ?? 0;
    if (Math.abs(cc - cb) > 0.05) return cc > cb ? c : best;
    return c.loc.used.length > best.loc.used.length || (c.loc.used.length === best.loc.used.length && c.loc.fit.residual < best.loc.fit.residual - 0.5) ? c : best;
  });
}

/** Ink and paper grey from the anchors used in the fit (medians). */
function inkScale(r: Raster, loc: Location): InkScale {
  const hits = loc.used.map((i) => loc.hits[i]).filter((h): h is AnchorHit => !!h);
  if (!hits.length) return pageScale(r);
  const med = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return { ink: med(hits.map((h) => h.ink)), paper: med(hits.map((h) => h.paper)) };
}

/** Sparse grey percentiles of the whole page (every 8th pixel of every 8th row). */
function pageStats(r: Raster): { p01: number; p50: number; p99: number; darkShare: number } {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = 4; y < r.height; y += 8) for (let x = 4; x < r.width; x += 8) { hist[r.data[y * r.width + x]]++; n++; }
  const pct = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]; if (acc >= q * n) return v; } return 255; };
  const p50 = pct(0.5);
  let dark = 0;
  for (let v = 0; v < Math.max(0, p50 - 80); v++) dark += hist[v];
  return { p01: pct(0.01), p50, p99: pct(0.99), darkShare: n ? dark / n : 0 };
}

function pageScale(r: Raster): InkScale {
  const s = pageStats(r);
  return { ink: Math.min(s.p01, s.p50 - 60), paper: s.p50 };
}

/** Nothing printed: fewer than 1 in 2,000 sampled pixels are much (80 grey levels) darker than the paper. */
function isBlank(r: Raster): boolean {
  return pageStats(r).darkShare < 0.0005;
}

/**
 * A picture stretched more than this one way against the other, relative to its template's page, was not cropped
 * from that page by a scanner (OMRChecker resizes any picture to the template's page; crops of the sample sets
 * differ by up to 8 %, ibrahimkilic's picture by 65 %).
 */
const ALIGN_MAX_STRETCH = 1.25;

/** A template without anchors: the page edges are the frame (third-party forms scanned edge to edge). */
function pageFrame(r: Raster, template: SheetTemplate, rotation: 0 | 180): Location {
  const kx = r.width / template.width;
  const ky = r.height / template.height;
  const t0 = rotation === 0 ? [kx, 0, 0, 0, ky, 0] : [-kx, 0, r.width, 0, -ky, r.height];
  // scanners crop a little differently: a third-party template may ask to settle on its printed bubbles — unless
  // the picture's proportions are not the page's at all (no scanner's crop), where the boxes no longer outline the
  // printed circles and the search would slide them onto a circle's edge
  const t = template.alignFrame && Math.max(kx, ky) / Math.min(kx, ky) <= ALIGN_MAX_STRETCH ? alignToPrint(r, template, t0) : t0;
  const fit: Fit = { t: t as Fit['t'], residual: 0, worst: 0, worstIndex: 0 };
  return { fit, rotation, used: [], found: 0, hits: [] };
}

function rejected(reason: string): SheetResult {
  return { status: 'rejected', reason, rotation: 0, questions: [], blocks: [] };
}
