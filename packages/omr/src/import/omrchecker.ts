// OMRChecker (github.com/Udayraj123/OMRChecker, v1 template.json) → SheetTemplate.
// A school that used OMRChecker can bring its template. OMRChecker places bubbles in the frame it gets after its
// pre-processors: the page resized to `pageDimensions`, or, with CropOnMarkers, the quadrilateral spanned by the
// centres of the four corner markers warped to `pageDimensions`. The converted template uses that same frame
// (unit 'px'): with markers, the anchors are centred on the page corners; without them the page is the frame.
import type { Bubble, BubbleGroup, Rect, SheetTemplate } from '../types.js';
import { ImportError, type ImportedTemplate } from './imported.js';

/** OMRChecker's built-in field types (src/constants/common.py). */
const FIELD_TYPES: Record<string, { bubbleValues: string[]; direction: 'vertical' | 'horizontal' }> = {
  QTYPE_INT: { bubbleValues: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], direction: 'vertical' },
  QTYPE_INT_FROM_1: { bubbleValues: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'], direction: 'vertical' },
  QTYPE_MCQ4: { bubbleValues: ['A', 'B', 'C', 'D'], direction: 'horizontal' },
  QTYPE_MCQ5: { bubbleValues: ['A', 'B', 'C', 'D', 'E'], direction: 'horizontal' },
  QTYPE_MCQ4_RTL: { bubbleValues: ['D', 'C', 'B', 'A'], direction: 'horizontal' },
  QTYPE_MCQ5_RTL: { bubbleValues: ['E', 'D', 'C', 'B', 'A'], direction: 'horizontal' },
};

interface FieldBlock {
  fieldType?: string;
  origin: [number, number];
  fieldLabels: string[];
  bubblesGap: number;
  labelsGap: number;
  bubbleValues?: string[];
  direction?: 'vertical' | 'horizontal';
  bubbleDimensions?: [number, number];
  emptyValue?: string;
}

interface OmrCheckerTemplate {
  pageDimensions: [number, number];
  bubbleDimensions: [number, number];
  preProcessors?: { name: string; options?: Record<string, unknown> }[];
  customLabels?: Record<string, string[]>;
  fieldBlocks: Record<string, FieldBlock>;
  emptyValue?: string;
}

export interface OmrCheckerOptions {
  name: string;
  /** The custom label holding the 考号 (default: the first custom label whose name contains "roll"). */
  admissionLabel?: string;
  /** The form prints each bubble's letter or digit inside it (see printed-labels.ts). */
  printedLabels?: boolean;
}

/** "q1..17" → q1, q2 … q17 (OMRChecker's parse_field_string); anything else is one label. */
export function expandLabels(fields: string[]): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const m = /^([^.\d]+)(\d+)\.{2,3}(\d+)$/.exec(f);
    if (!m) {
      out.push(f);
      continue;
    }
    const [start, end] = [Number(m[2]), Number(m[3])];
    if (start >= end) throw new ImportError(`字段范围 ${f} 无效：起始编号须小于结束编号`);
    for (let i = start; i <= end; i++) out.push(`${m[1]}${i}`);
  }
  return out;
}

function isNumberPair(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
}

function check(json: unknown): OmrCheckerTemplate {
  const t = json as Partial<OmrCheckerTemplate> | null;
  if (!t || typeof t !== 'object') throw new ImportError('OMRChecker 模板不是 JSON 对象');
  if (!isNumberPair(t.pageDimensions)) throw new ImportError('OMRChecker 模板缺少 pageDimensions');
  if (!isNumberPair(t.bubbleDimensions)) throw new ImportError('OMRChecker 模板缺少 bubbleDimensions');
  if (!t.fieldBlocks || typeof t.fieldBlocks !== 'object') throw new ImportError('OMRChecker 模板缺少 fieldBlocks');
  for (const [name, b] of Object.entries(t.fieldBlocks)) {
    if (!isNumberPair(b.origin) || typeof b.bubblesGap !== 'number' || !Array.isArray(b.fieldLabels)) {
      throw new ImportError(`OMRChecker 模板的字段块 ${name} 缺少 origin、bubblesGap 或 fieldLabels`);
    }
    if (b.fieldType && !FIELD_TYPES[b.fieldType]) throw new ImportError(`字段块 ${name} 的类型 ${b.fieldType} 不受支持`);
    if (!b.fieldType && !Array.isArray(b.bubbleValues)) throw new ImportError(`字段块 ${name} 缺少 bubbleValues`);
  }
  return t as OmrCheckerTemplate;
}

/** Bubbles of one block, one group per field label, exactly as OMRChecker's generate_bubble_grid lays them out. */
function blockGroups(b: FieldBlock, globalBubble: [number, number]): BubbleGroup[] {
  const type = b.fieldType ? FIELD_TYPES[b.fieldType] : undefined;
  const values = b.bubbleValues ?? type!.bubbleValues;
  const direction = b.direction ?? type?.direction ?? 'vertical';
  const [bw, bh] = b.bubbleDimensions ?? globalBubble;
  const groups: BubbleGroup[] = [];
  const lead = [b.origin[0], b.origin[1]];
  const along = direction === 'vertical' ? 1 : 0; // values run down a column (vertical) or along a row
  for (const label of expandLabels(b.fieldLabels)) {
    const p = [lead[0], lead[1]];
    const bubbles: Bubble[] = [];
    for (const value of values) {
      bubbles.push({ x: Math.round(p[0]), y: Math.round(p[1]), w: bw, h: bh, value });
      p[along] += b.bubblesGap;
    }
    // OMRChecker reports every marked value of a field; an answer or digit field wants one.
    groups.push({ id: label, kind: 'single', bubbles });
    lead[1 - along] += b.labelsGap;
  }
  return groups;
}

export function fromOmrChecker(json: unknown, opts: OmrCheckerOptions): ImportedTemplate {
  const t = check(json);
  const [W, H] = t.pageDimensions;
  const warnings: string[] = [];
  let anchors: Rect[] = [];
  let anchorShape: SheetTemplate['anchorShape'];
  let findPage = false;
  for (const p of t.preProcessors ?? []) {
    if (p.name === 'CropOnMarkers') {
      // OMRChecker scales its marker image to the scan's width / sheetToMarkerWidthRatio and then matches it at
      // 35–100 % of that: the printed marker is about 0.65 × page width / ratio (the ring finder allows ±50 %).
      // Its centre is the page corner.
      const ratio = Number(p.options?.sheetToMarkerWidthRatio) || 17;
      const m = Math.round((0.65 * W) / ratio);
      const at = (x: number, y: number): Rect => ({ x: x - m / 2, y: y - m / 2, w: m, h: m });
      anchors = [at(0, 0), at(W, 0), at(W, H), at(0, H)];
      anchorShape = 'ring'; // OMRChecker's markers are concentric circles (omr_marker.jpg)
    } else if (p.name === 'CropPage') {
      findPage = true; // a photo: the paper's edges are found and the perspective undone (rectify.ts)
    } else if (p.name === 'FeatureBasedAlignment') {
      warnings.push('FeatureBasedAlignment：不做特征点对齐，按整页对齐');
    }
    // Levels, GaussianBlur, MedianBlur: not needed, the engine learns its threshold from every sheet.
  }

  const groups = new Map<string, BubbleGroup>();
  const emptyOf = new Map<string, string>();
  for (const [name, b] of Object.entries(t.fieldBlocks)) {
    for (const g of blockGroups(b, t.bubbleDimensions)) {
      if (findPage) g.block = name; // photos: each field block settles on its printed bubbles (group-align.ts)
      if (groups.has(g.id)) throw new ImportError(`字段 ${g.id} 在多个字段块中重复`);
      groups.set(g.id, g);
      emptyOf.set(g.id, b.emptyValue ?? t.emptyValue ?? '');
    }
  }

  // Output columns: a custom label joins its fields' values; every other field is its own column.
  const columns: Record<string, string[]> = {};
  const inCustom = new Set<string>();
  for (const [label, fields] of Object.entries(t.customLabels ?? {})) {
    const ids = expandLabels(fields);
    for (const id of ids) {
      if (!groups.has(id)) throw new ImportError(`自定义列 ${label} 引用了不存在的字段 ${id}`);
      inCustom.add(id);
    }
    columns[label] = ids;
  }
  for (const id of groups.keys()) if (!inCustom.has(id)) columns[id] = [id];

  const admissionLabel =
    opts.admissionLabel ?? Object.keys(t.customLabels ?? {}).find((l) => /roll/i.test(l));
  // The 考号 columns are the label's digit fields (each must carry one mark); its other fields (a letter prefix,
  // a check letter split over two columns of which one stays empty) stay ordinary groups of the same column.
  const isDigits = (id: string) => groups.get(id)!.bubbles.every((b) => /^\d$/.test(b.value));
  const admissionIds = new Set(admissionLabel ? (columns[admissionLabel] ?? []).filter(isDigits) : []);
  const template: SheetTemplate = {
    version: 1,
    name: opts.name,
    unit: 'px',
    width: W,
    height: H,
    anchors,
    ...(anchorShape ? { anchorShape } : {}),
    ...(opts.printedLabels ? { printedLabels: true } : {}),
    ...(findPage ? { findPage: true } : {}),
    // Without markers the page is the frame; OMRChecker's forms print round bubbles to settle it on.
    ...(anchors.length && !findPage ? {} : { alignFrame: true }),
    ...(admissionIds.size ? { admission: { digits: [...admissionIds].map((id) => groups.get(id)!) } } : {}),
    questions: [...groups.values()].filter((g) => !admissionIds.has(g.id)),
    blocks: [],
  };
  const empty: Record<string, string> = {};
  for (const [id, e] of emptyOf) empty[id] = e;
  return { template, columns, emptyValue: empty, admissionColumn: admissionLabel, warnings };
}
