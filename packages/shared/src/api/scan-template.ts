/**
 * Cards made elsewhere (第三方答题卡, spec §2 /examDetailsEdit/templateConfirm, §7 make_template): a blank scan
 * of another vendor's card is uploaded, a sheet template is drawn over it in pixels of that image, and from then
 * on the exam subject's scans are recognised with it. The template shape is the recognition engine's
 * SheetTemplate (packages/omr types.ts); this schema is what the server accepts.
 */
import { z } from 'zod';

const id = z.coerce.number().int().positive();
const num = z.number().finite();
const rect = z.object({ x: num, y: num, w: num.positive(), h: num.positive() });
const bubble = rect.extend({ value: z.string().min(1).max(32) });
const group = z.object({
  id: z.string().min(1).max(32), kind: z.enum(['single', 'multiple']), bubbles: z.array(bubble).max(64),
  /** The source form's block of fields (imported templates: a photo's blocks settle one by one). */
  block: z.string().max(64).optional(),
});

export const sheetTemplateSchema = z.object({
  version: z.literal(1),
  name: z.string().max(100),
  unit: z.enum(['px']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  anchors: z.array(rect).max(4),
  /** How the corner marks look: solid blocks (default), rings or bullseyes, thin L brackets (packages/omr types.ts). */
  anchorShape: z.enum(['solid', 'ring', 'bracket']).optional(),
  /** A letter or digit is printed inside every bubble (found on the blank, or said by an imported template). */
  printedLabels: z.boolean().optional(),
  /** Without anchors: settle the page frame on the printed bubbles. */
  alignFrame: z.boolean().optional(),
  /** Photographed sheets: find the paper's edges and undo the perspective first. */
  findPage: z.boolean().optional(),
  page: z.number().int().positive().optional(),
  admission: z.object({ digits: z.array(group).max(20).optional(), barcode: rect.optional() }).optional(),
  absent: rect.optional(),
  questions: z.array(group).max(500),
  blocks: z.array(z.object({ id: z.string().min(1).max(64), rect })).max(200),
});
export type SheetTemplateBody = z.infer<typeof sheetTemplateSchema>;

/** The rules a drawn template must keep; each problem is a Chinese sentence (empty = valid). */
/** Fewer than 3 anchors: recognition cannot fit the template onto a scan (position, skew and scale need 3 points). */
export const ANCHOR_SHORTAGE = (n: number) => `至少需要标出 3 个定位点（当前 ${n} 个）：少于 3 个定位点时识别无法确定答题卡在扫描图上的位置`;

export function templateProblems(t: SheetTemplateBody, image: { width: number; height: number }): string[] {
  const out: string[] = [];
  // A form framed by the page itself (no anchors, or a photographed sheet whose paper is found in each picture;
  // imported templates say so): its rectangles live in its own page frame, scaled onto every scan, so its size
  // need not be the blank's.
  const pageFramed = (t.anchors.length === 0 && !!t.alignFrame) || !!t.findPage;
  if (!pageFramed && (t.width !== image.width || t.height !== image.height)) out.push(`模板尺寸 ${t.width}×${t.height} 与空白答题卡图片 ${image.width}×${image.height} 不一致`);
  if (t.anchors.length < 3 && !pageFramed) out.push(ANCHOR_SHORTAGE(t.anchors.length));
  const frame = pageFramed ? t : image;
  const inside = (r: { x: number; y: number; w: number; h: number }) => r.x >= 0 && r.y >= 0 && r.x + r.w <= frame.width && r.y + r.h <= frame.height;
  // an anchor's rect is where its mark is looked for: only its point (the centre) must lie on the image — a
  // bracket's rect spans its vertex ± one arm, and a photographed form's markers sit on its frame's corners
  const anchorOff = (r: { x: number; y: number; w: number; h: number }) => !inside({ x: r.x + r.w / 2, y: r.y + r.h / 2, w: 0, h: 0 });
  if (!pageFramed) t.anchors.forEach((r, i) => { if (anchorOff(r)) out.push(`定位点 ${i + 1}超出图片范围`); });
  const where: [string, { x: number; y: number; w: number; h: number }][] = [
    ...t.questions.flatMap((g) => g.bubbles.map((b) => [`第 ${g.id} 题选项 ${b.value}`, b] as [string, typeof b])),
    ...(t.admission?.digits ?? []).flatMap((g, i) => g.bubbles.map((b) => [`考号第 ${i + 1} 列`, b] as [string, typeof b])),
    ...(t.admission?.barcode ? [['条形码区域', t.admission.barcode] as [string, typeof t.admission.barcode]] : []),
    ...(t.absent ? [['缺考标记', t.absent] as [string, typeof t.absent]] : []),
    ...t.blocks.map((b) => [`题块 ${b.id}`, b.rect] as [string, typeof b.rect]),
  ];
  for (const [name, r] of where) if (!inside(r)) out.push(`${name}超出图片范围`);
  for (const g of [...t.questions, ...(t.admission?.digits ?? [])]) {
    if (g.bubbles.length < 1) out.push(`第 ${g.id} 组没有选项`);
    if (new Set(g.bubbles.map((b) => b.value)).size !== g.bubbles.length) out.push(`第 ${g.id} 组的选项重复`);
  }
  const dup = (ids: string[]) => ids.filter((x, i) => ids.indexOf(x) !== i);
  for (const d of new Set(dup(t.questions.map((q) => q.id)))) out.push(`题号 ${d} 重复`);
  for (const d of new Set(dup(t.blocks.map((b) => b.id)))) out.push(`题块 ${d} 重复`);
  if (!t.questions.length && !t.blocks.length) out.push('模板中没有客观题，也没有题块');
  return out;
}

export const templateSubjectQuery = z.object({ examSubjectId: id });
/** make_template/blank may name the subject in the query string instead of the form field. */
export const blankQuery = z.object({ examSubjectId: id.optional() });
/** The template is checked against sheetTemplateSchema after the access check (the route only needs an object). */
export const templateSaveBody = z.object({
  examSubjectId: id,
  imageUrl: z.string().min(1).max(300),
  template: z.record(z.string(), z.unknown()),
  drawing: z.unknown().optional(),
});
export const blankCardSchema = z.object({ imageUrl: z.string(), width: z.number(), height: z.number() });
export const savedTemplateSchema = blankCardSchema.extend({
  template: sheetTemplateSchema, drawing: z.unknown(), updatedAt: z.number(), updatedBy: z.string(),
});

/** One shape the person drew in the editor (packages/omr drawing.ts), for the editor's snap. */
const drawnBase = { id: z.string().min(1).max(64), x: num, y: num, w: num.positive(), h: num.positive() };
const drawnGrid = { ...drawnBase, rows: z.number().int().min(1).max(60), cols: z.number().int().min(1).max(26), inset: z.number().min(0).max(0.45),
  bubble: z.object({ w: num.positive(), h: num.positive() }).optional() };
export const drawnShapeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anchor'), ...drawnBase, shape: z.enum(['solid', 'ring', 'bracket']).optional() }),
  z.object({ kind: z.literal('admission'), ...drawnGrid }),
  z.object({ kind: z.literal('absent'), ...drawnBase }),
  z.object({ kind: z.literal('objective'), ...drawnGrid, firstQuestion: z.number().int().min(1).max(9999), multiple: z.boolean() }),
  z.object({ kind: z.literal('subjective'), ...drawnBase, label: z.string().max(64) }),
]);
export type DrawnShapeBody = z.infer<typeof drawnShapeSchema>;
/**
 * make_template/snap: a shape drawn on the subject's blank, put onto what is printed there. The shape is checked
 * against drawnShapeSchema after the access check (as save's template), so a caller without access hears 403 first.
 */
export const templateSnapBody = z.object({ examSubjectId: id, imageUrl: z.string().min(1).max(300), shape: z.record(z.string(), z.unknown()) });
/** make_template/import: the blank the template is placed on (the file itself is the multipart body). */
export const templateImportQuery = z.object({ examSubjectId: id, imageUrl: z.string().min(1).max(300) });
export const importedTemplateSchema = savedTemplateSchema.extend({
  /** What the source tool does that the product does not, in Chinese. */
  warnings: z.array(z.string()),
});
export type ImportedTemplateResult = z.infer<typeof importedTemplateSchema>;
