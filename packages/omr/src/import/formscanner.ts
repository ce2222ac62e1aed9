// FormScanner (formscanner.sourceforge.net, .xtmpl XML, version 2.x) → SheetTemplate.
// A FormScanner template is drawn over a blank scan: the four corner marks and every response bubble are
// pixel points of that scan (bubble centre; `size` is the bubble's radius). The file records neither the
// scan's size nor the corner marks' size, so both come with the blank scan the school uploads.
import type { Bubble, BubbleGroup, Rect, SheetTemplate } from '../types.js';
import { ImportError, type ImportedTemplate } from './imported.js';
import { descendants, parseXml, type XmlElement } from './xml.js';

export interface FormScannerOptions {
  name: string;
  /** Size of the blank scan the template was drawn on, pixels. */
  width: number;
  height: number;
  /** The corner marks: rings (default, FormScanner's Test form) or thin L brackets (its Questionnaire). */
  anchorShape?: 'ring' | 'bracket';
  /** Their size on that scan, pixels: a ring's outer diameter, a bracket's arm (default: page width / 18). */
  anchorSize?: number;
  /** Questions that make up the 考号, in order (default: those named id1, id2 … in number order). */
  admission?: string[];
}

const CORNER_ORDER = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_RIGHT', 'BOTTOM_LEFT'];

function point(el: XmlElement | undefined, what: string): [number, number] {
  const p = el?.children.find((c) => c.name === 'point');
  const x = Number(p?.attrs.x);
  const y = Number(p?.attrs.y);
  if (!p || !Number.isFinite(x) || !Number.isFinite(y)) throw new ImportError(`FormScanner 模板中 ${what} 缺少坐标`);
  return [x, y];
}

export function fromFormScanner(xml: string, opts: FormScannerOptions): ImportedTemplate {
  const root = parseXml(xml);
  if (root.name !== 'template') throw new ImportError('不是 FormScanner 模板（根元素应为 template）');
  const cornersEl = root.children.find((c) => c.name === 'corners');
  const fields = root.children.find((c) => c.name === 'fields');
  if (!cornersEl || !fields) throw new ImportError('FormScanner 模板缺少 corners 或 fields');

  const shape = opts.anchorShape ?? 'ring';
  // A ring's point is its centre; a bracket's is its vertex, with the arms running one arm's length inwards.
  const size = (opts.anchorSize ?? Math.round(opts.width / 18)) * (shape === 'bracket' ? 2 : 1);
  const anchors: Rect[] = CORNER_ORDER.map((pos) => {
    const [x, y] = point(cornersEl.children.find((c) => c.name === 'corner' && c.attrs.position === pos), `角标 ${pos}`);
    return { x: x - size / 2, y: y - size / 2, w: size, h: size };
  });

  const radius = Number(fields.attrs.size);
  if (!(radius > 0)) throw new ImportError('FormScanner 模板缺少气泡大小（fields size）');
  const groups: BubbleGroup[] = descendants(fields, 'question').map((q) => {
    const id = q.attrs.question;
    if (!id) throw new ImportError('FormScanner 模板中有题目缺少名称');
    const bubbles: Bubble[] = descendants(q, 'value').map((v) => {
      const [x, y] = point(v, `题目 ${id} 的选项 ${v.attrs.response}`);
      return { x: x - radius, y: y - radius, w: 2 * radius, h: 2 * radius, value: v.attrs.response ?? '' };
    });
    if (!bubbles.length) throw new ImportError(`FormScanner 模板中题目 ${id} 没有选项`);
    return { id, kind: q.attrs.multiple === 'true' ? 'multiple' : 'single', bubbles };
  });
  const ids = new Set<string>();
  for (const g of groups) {
    if (ids.has(g.id)) throw new ImportError(`FormScanner 模板中题目 ${g.id} 重复`);
    ids.add(g.id);
  }

  const num = (id: string) => Number(/\d+$/.exec(id)?.[0]);
  const admission = opts.admission ?? groups.map((g) => g.id).filter((id) => /^id\d+$/i.test(id)).sort((a, b) => num(a) - num(b));
  for (const id of admission) if (!ids.has(id)) throw new ImportError(`考号列 ${id} 不在模板中`);
  const inAdmission = new Set(admission);
  const byId = new Map(groups.map((g) => [g.id, g]));

  const warnings = descendants(fields, 'area')
    .filter((a) => a.attrs.type === 'BARCODE')
    .map((a) => `条码区域 ${a.attrs.name ?? ''} 未导入：FormScanner 的条码不是考号`);

  const template: SheetTemplate = {
    version: 1,
    name: opts.name,
    unit: 'px',
    width: opts.width,
    height: opts.height,
    anchors,
    anchorShape: shape,
    ...(admission.length ? { admission: { digits: admission.map((id) => byId.get(id)!) } } : {}),
    questions: groups.filter((g) => !inAdmission.has(g.id)),
    blocks: [],
  };
  const columns: Record<string, string[]> = {};
  if (admission.length) columns.ID = admission;
  for (const g of template.questions) columns[g.id] = [g.id];
  const emptyValue = Object.fromEntries(groups.map((g) => [g.id, '']));
  return { template, columns, emptyValue, admissionColumn: admission.length ? 'ID' : undefined, warnings };
}
