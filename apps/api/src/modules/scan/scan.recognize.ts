/**
 * One scanned page → what the product keeps of it: the card page and exam subject from the page code, the 考号,
 * 缺考, every objective reading with its doubts (as crops on the stored image), the subjective blocks cut as
 * images, and the page image itself, stored upright. No database here: the job and the fixes write the outcome.
 */
import { decodePageCode, pageCodeId } from '@jz/report-templates/card/layout';
import type { ScanAbnormalKind, ScanDoubt, ScanRect } from '@jz/shared/api/scan';
import { recognize, templateOf, type Raster, type SheetResult, type SheetTemplate } from './scan.engine.js';

export const DOUBT_NAMES: Record<string, string> = {
  'near-threshold': '填涂浓度接近判定阈值',
  faint: '填涂过浅，可能是擦除痕迹',
  'multiple-in-single': '单选题（或考号的一列）填涂了多个选项',
  'none-in-column': '考号的这一列没有填涂',
  'barcode-mismatch': '条形码与考号填涂不一致',
  'anchor-missing': '只找到 3 个定位点（一个定位点缺失、被遮挡或污损），请核对这一页的识别结果',
};

/**
 * A 选做题's mark (id 选做:22/23) must name exactly one question: none or several marked is a doubt a person
 * settles on the abnormal page (the written score goes to the chosen question).
 */
export function electiveDoubt(id: string, marked: string[]): string | null {
  if (!id.startsWith('选做:') || marked.length === 1) return null;
  return marked.length ? '选做题填涂了多个题号，请确认所选的题' : '选做题未填涂所选的题号，请确认';
}

/** Boxes of a K > 1 group naming the same question: the group (22/23/24), the boxes' slots, the question. */
export interface ElectiveClash { group: string; slots: number[]; no: string; ids: string[] }

/**
 * The boxes of a K > 1 group (marks 选做:22/23/24#1, #2 …) must name different questions: every set of boxes
 * of one group whose single marks name the same question.
 */
export function electiveClashList(readings: readonly { id: string; marked: readonly string[] }[]): ElectiveClash[] {
  const byChoice = new Map<string, ElectiveClash>();
  for (const r of readings) {
    const m = /^选做:(.+)#(\d+)$/.exec(r.id);
    if (!m || r.marked.length !== 1) continue;
    const key = `${m[1]}|${r.marked[0]}`;
    const c = byChoice.get(key) ?? { group: m[1]!, slots: [], no: r.marked[0]!, ids: [] };
    c.slots.push(Number(m[2]));
    c.ids.push(r.id);
    byChoice.set(key, c);
  }
  return [...byChoice.values()].filter((c) => c.ids.length > 1);
}

/** The clash doubts by mark id: 选做题第 1、2 个答题框填涂了同一题号（第 22 题），请确认各框所选的题. */
export function electiveClashes(readings: readonly { id: string; marked: readonly string[] }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of electiveClashList(readings)) {
    for (const id of c.ids) out.set(id, `选做题第 ${c.slots.join('、')} 个答题框填涂了同一题号（第 ${c.no} 题），请确认各框所选的题`);
  }
  return out;
}

/** What is stored in scan_page.rec. */
export interface StoredReading {
  rotation: 0 | 180;
  threshold: number | null;
  residualPx: number | null;
  /** Objective readings by question number (the card's number). */
  questions: { no: string; marked: string[]; doubt: string | null }[];
  doubts: ScanDoubt[];
  blocks: { id: string; rect: ScanRect; key: string }[];
  admission: { value: string | null; doubt: string | null } | null;
  /** Page 1: the 考号 area (bubble grid and barcode box) on the stored image, for the person who types the 考号. */
  examNoRect?: ScanRect | null;
}

export interface PageOutcome {
  intrinsicKind: ScanAbnormalKind | null;
  intrinsicReason: string | null;
  pageNo: number | null;
  examNo: string | null;
  absent: boolean;
  reading: StoredReading | null;
  /** The page image to store (upright when recognised), its size, and the cut blocks. */
  image: Buffer;
  width: number;
  height: number;
  blocks: { id: string; rect: ScanRect; jpeg: Buffer }[];
}

const round = (v: number) => Math.round(v);

/** Template rect → pixel rect on the upright stored image (transform maps template units to the unrotated input). */
/** `t`: the affine map (6 numbers), or a photo's perspective map (9 numbers, SheetResult.homography). */
function toImage(t: number[], r: { x: number; y: number; w: number; h: number }, rotation: 0 | 180, W: number, H: number): ScanRect {
  const [a, b, c, d, e, f] = t as [number, number, number, number, number, number];
  const w = (x: number, y: number) => (t.length === 9 ? t[6]! * x + t[7]! * y + t[8]! : 1);
  const pts = [[r.x, r.y], [r.x + r.w, r.y], [r.x, r.y + r.h], [r.x + r.w, r.y + r.h]].map(([x, y]) => [(a * x! + b * y! + c) / w(x!, y!), (d * x! + e * y! + f) / w(x!, y!)]);
  let x0 = Math.min(...pts.map((p) => p[0]!));
  let x1 = Math.max(...pts.map((p) => p[0]!));
  let y0 = Math.min(...pts.map((p) => p[1]!));
  let y1 = Math.max(...pts.map((p) => p[1]!));
  if (rotation === 180) [x0, x1, y0, y1] = [W - x1, W - x0, H - y1, H - y0];
  x0 = Math.max(0, Math.min(W - 1, x0));
  y0 = Math.max(0, Math.min(H - 1, y0));
  x1 = Math.max(x0 + 1, Math.min(W, x1));
  y1 = Math.max(y0 + 1, Math.min(H, y1));
  return { x: round(x0), y: round(y0), w: Math.max(1, round(x1 - x0)), h: Math.max(1, round(y1 - y0)) };
}

const union = (rs: ScanRect[]): ScanRect => {
  const x = Math.min(...rs.map((r) => r.x));
  const y = Math.min(...rs.map((r) => r.y));
  return { x, y, w: Math.max(...rs.map((r) => r.x + r.w)) - x, h: Math.max(...rs.map((r) => r.y + r.h)) - y };
};

/** The raster turned 180° (row-major greyscale: the pixel order reversed). */
const turned = (r: Raster): Raster => ({ ...r, data: r.data.slice().reverse() });

const rawOf = async (r: Raster) => (await import('sharp')).default(Buffer.from(r.data.buffer, r.data.byteOffset, r.width * r.height), { raw: { width: r.width, height: r.height, channels: 1 } });

/** The raster as a greyscale JPEG. */
async function jpegOf(raster: Raster): Promise<Buffer> {
  return (await rawOf(raster)).jpeg({ quality: 85 }).toBuffer();
}

/** One rectangle of the (upright) raster as a JPEG: cut from the pixels, no JPEG decoded again. */
async function cut(raster: Raster, rect: ScanRect): Promise<Buffer> {
  return (await rawOf(raster)).extract({ left: rect.x, top: rect.y, width: rect.w, height: rect.h }).jpeg({ quality: 85 }).toBuffer();
}

function doubtsOf(result: SheetResult, tpl: SheetTemplate, rotation: 0 | 180, W: number, H: number): ScanDoubt[] {
  const t = result.homography ?? result.transform!; // a photo: template → picture through its perspective map
  const out: ScanDoubt[] = [];
  const clashes = electiveClashes(result.questions);
  const groupDoubt = (kind: ScanDoubt['kind'], id: string, reading: { marked: string[]; darkness: number[]; doubt?: string }, bubbles: { x: number; y: number; w: number; h: number; value: string }[]) => {
    const options = bubbles.map((b, i) => ({ value: b.value, darkness: Math.round((reading.darkness[i] ?? 0) * 1000) / 1000, rect: toImage(t, b, rotation, W, H) }));
    const reason = DOUBT_NAMES[reading.doubt!] ?? electiveDoubt(id, reading.marked) ?? clashes.get(id) ?? '识别存疑';
    out.push({ kind, id, reason, marked: reading.marked, options, rect: union(options.map((o) => o.rect)) });
  };
  for (const q of result.questions) {
    // a sheet placed from three anchors: every reading rests on a fit a person has not seen, so each is shown
    const sheetDoubt = !q.doubt && result.doubt ? { ...q, doubt: result.doubt } : q;
    if (!sheetDoubt.doubt && !electiveDoubt(q.id, q.marked) && !clashes.has(q.id)) continue;
    const g = tpl.questions.find((x) => x.id === q.id);
    if (g) groupDoubt('question', q.id, sheetDoubt, g.bubbles);
  }
  (result.admission?.digits ?? []).forEach((d, i) => {
    const g = tpl.admission?.digits?.[i];
    if (d.doubt && g) groupDoubt('admission', String(i + 1), d, g.bubbles);
  });
  if (result.absent?.doubt && tpl.absent) {
    const rect = toImage(t, tpl.absent, rotation, W, H);
    out.push({ kind: 'absent', id: '缺考', reason: DOUBT_NAMES[result.absent.doubt] ?? '识别存疑', marked: result.absent.marked ? ['缺考'] : [],
      options: [{ value: '缺考', darkness: Math.round(result.absent.darkness * 1000) / 1000, rect }], rect });
  }
  return out;
}

/** The 考号 area of a page-1 template (every bubble of its grid and the barcode box) on the stored image, with a margin. */
function examNoArea(tpl: SheetTemplate, t: number[], rotation: 0 | 180, W: number, H: number): ScanRect | null {
  const rects = [...(tpl.admission?.digits ?? []).flatMap((g) => g.bubbles), ...(tpl.admission?.barcode ? [tpl.admission.barcode] : [])]
    .map((r) => toImage(t, r, rotation, W, H));
  if (!rects.length) return null;
  const u = union(rects);
  const m = Math.round(Math.max(u.w, u.h) * 0.08);
  const x = Math.max(0, u.x - m);
  const y = Math.max(0, u.y - m);
  return { x, y, w: Math.min(W, u.x + u.w + m) - x, h: Math.min(H, u.y + u.h + m) - y };
}

/**
 * Recognises one page against the card of examSubjectId: first with the template of card page 1 (every page
 * carries the page code in the same place), then again with the template of the page the code names.
 * opts.source: the file's bytes when they can be stored as the page image as they are (scan.job.ts, storedAsIs).
 */
export async function recognizePage(raster: Raster, layout: unknown, examSubjectId: number, opts: { orientation?: 0 | 180; duplexBack?: boolean; source?: Buffer } = {}): Promise<PageOutcome> {
  const pageCount = (layout as { pages: unknown[] }).pages.length;
  const asScanned = async (kind: ScanAbnormalKind, reason: string): Promise<PageOutcome> => ({
    intrinsicKind: kind, intrinsicReason: reason, pageNo: null, examNo: null, absent: false, reading: null,
    image: opts.source ?? await jpegOf(raster), width: raster.width, height: raster.height, blocks: [],
  });
  // a third-party template (templateConfirm) has no page code: every page is page 1 of a one-page card
  const third = (layout as { thirdParty?: boolean; template?: SheetTemplate }).thirdParty ? (layout as { template: SheetTemplate }).template : null;
  let tpl = third ?? await templateOf(layout, 1);
  let result = await recognize(raster, tpl, opts.orientation);
  if (result.status === 'rejected' || !result.transform) return asScanned('anchor', `定位点识别失败：${result.reason ?? '未找到答题卡定位点'}`);
  const code = third ? { id: pageCodeId(examSubjectId), page: 1 } : result.pageCode ? decodePageCode(result.pageCode.bits) : null;
  if (!code) return asScanned('pageCode', '页码无法识别：页码标识被遮挡、污损或不是本系统的答题卡');
  if (code.id !== pageCodeId(examSubjectId)) return asScanned('otherSubject', '非本科目答题卡：页码标识属于其他考试科目，请放入对应科目上传');
  if (code.page < 1 || code.page > pageCount) return asScanned('pageCode', `页码无法识别：答题卡只有 ${pageCount} 页，读到第 ${code.page} 页`);
  if (code.page !== 1 && !third) {
    tpl = await templateOf(layout, code.page);
    result = await recognize(raster, tpl, result.rotation);
    if (result.status === 'rejected' || !result.transform) return asScanned('anchor', `定位点识别失败：${result.reason ?? '未找到答题卡定位点'}`);
  }
  const rotation = result.rotation;
  const W = raster.width;
  const H = raster.height;
  const upright = rotation === 180 ? turned(raster) : raster;
  // an upright page decoded at the file's own size is stored as the scanner wrote it: re-encoding it would cost
  // more than recognising it (opts.source is only given for such a JPEG)
  const image = opts.source && rotation === 0 ? opts.source : await jpegOf(upright);
  const blockRects = tpl.blocks.map((b) => ({ id: b.id, rect: toImage(result.homography ?? result.transform!, b.rect, rotation, W, H) }));
  const blocks = await Promise.all(blockRects.map(async (b) => ({ ...b, jpeg: await cut(upright, b.rect) })));
  const clashes = electiveClashes(result.questions);
  const reading: StoredReading = {
    rotation,
    threshold: result.threshold ?? null,
    residualPx: result.residualPx ?? null,
    questions: result.questions.map((q) => {
      const doubt = q.doubt ?? result.doubt;
      return { no: q.id, marked: q.marked, doubt: doubt ? DOUBT_NAMES[doubt] ?? doubt : electiveDoubt(q.id, q.marked) ?? clashes.get(q.id) ?? null };
    }),
    doubts: doubtsOf(result, tpl, rotation, W, H),
    blocks: blockRects.map((b) => ({ ...b, key: '' })),
    admission: result.admission ? { value: result.admission.value, doubt: result.admission.doubt ? DOUBT_NAMES[result.admission.doubt] ?? result.admission.doubt : null } : null,
    examNoRect: code.page === 1 ? examNoArea(tpl, result.homography ?? result.transform!, rotation, W, H) : null,
  };
  let intrinsicKind: ScanAbnormalKind | null = null;
  let intrinsicReason: string | null = null;
  let examNo: string | null = null;
  if (code.page === 1 && tpl.admission) {
    examNo = result.admission?.value ?? null;
    const admissionDoubt = reading.doubts.some((d) => d.kind === 'admission') || !!result.admission?.doubt || !!result.doubt;
    if (!examNo || admissionDoubt) {
      intrinsicKind = 'examNo';
      const why = reading.admission?.doubt ?? (result.doubt ? DOUBT_NAMES[result.doubt] : null) ?? '请核对';
      intrinsicReason = examNo ? `考号识别存疑（读到 ${examNo}）：${why}` : `考号无法识别：${admissionColumns(result) ?? '考号未填涂或填涂不清'}`;
      // the person types the 考号 or claims the sheet; the 考号 doubts are settled by that, not confirmed one by one
      reading.doubts = reading.doubts.filter((d) => d.kind !== 'admission');
    }
  }
  return {
    intrinsicKind, intrinsicReason, pageNo: code.page, examNo, absent: code.page === 1 && !!result.absent?.marked,
    reading, image, width: W, height: H, blocks,
  };
}

/**
 * Which 考号 columns kept the value from being read, left to right: 第 3 列填涂了多个数字（3、8）；第 5 列没有填涂.
 * Null when every column has one mark (the 考号 failed for another reason: the barcode, a doubt).
 */
export function admissionColumns(result: Pick<SheetResult, 'admission'>): string | null {
  const parts: string[] = [];
  (result.admission?.digits ?? []).forEach((d, i) => {
    if (d.marked.length > 1) parts.push(`第 ${i + 1} 列填涂了多个数字（${d.marked.join('、')}）`);
    else if (d.marked.length === 0) parts.push(`第 ${i + 1} 列没有填涂`);
  });
  return parts.length ? parts.join('；') : null;
}

/** A nearly white raster: no print at all (a blank back side). */
export function isBlank(raster: Raster): boolean {
  const { data } = raster;
  const step = Math.max(1, Math.floor(data.length / 200_000));
  let dark = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += step) { n++; if (data[i]! < 128) dark++; }
  return n > 0 && dark / n < 0.002;
}
