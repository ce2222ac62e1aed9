// The answer-sheet card (答题卡) layout document: A4 portrait (1 or 2 columns) or A3 landscape (2 or 3 columns)
// pages whose every element is placed in millimetres from the page's top-left corner. The renderer draws exactly this document, and the scanner
// (OMR) reads anchors, page code, admission bubbles and objective bubbles from the same numbers.
import { z } from 'zod';

/** A4 portrait (the default paper). */
export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 297;

export const CARD_PAPERS = ['A4', 'A3'] as const;
export type CardPaper = (typeof CARD_PAPERS)[number];
/** Columns each paper allows: A4 portrait 1–2, A3 landscape 2–3. */
export const CARD_COLUMNS: Record<CardPaper, readonly number[]> = { A4: [1, 2], A3: [2, 3] };

/** Page size in mm: A4 portrait 210 × 297, A3 landscape 420 × 297. */
export function pageSizeOf(paper: CardPaper): { w: number; h: number } {
  return paper === 'A3' ? { w: 420, h: 297 } : { w: PAGE_WIDTH_MM, h: PAGE_HEIGHT_MM };
}

const mm = z.number().finite().min(0);
const size = z.number().finite().positive();
const box = { x: mm, y: mm, w: size, h: size };

/** Bubble geometry shared by the admission grid and objective groups (all mm). */
export const BubbleSpec = z.object({ w: size, h: size });

export const AnchorEl = z.object({ kind: z.literal('anchor'), ...box });

/** Page code: human text plus a row of bits (filled square = 1, outlined square = 0), left to right. */
export const PageCodeEl = z.object({
  kind: z.literal('pageCode'), ...box,
  text: z.string().min(1),
  bits: z.array(z.union([z.literal(0), z.literal(1)])).min(8).max(64),
  cellMm: size,
});

export const HeaderEl = z.object({ kind: z.literal('header'), ...box, title: z.string().min(1), subtitle: z.string() });

export const StudentInfoEl = z.object({ kind: z.literal('studentInfo'), ...box, fields: z.array(z.string().min(1)).min(1).max(6) });

/**
 * Admission-number (考号) grid: `digits` columns, each a write-in box followed by bubbles 0–9 downwards.
 * Bubble (col c, digit d) centre: x + colX0 + c·colPitch, y + rowY0 + d·rowPitch.
 */
export const AdmissionEl = z.object({
  kind: z.literal('admission'), ...box,
  digits: z.number().int().min(1).max(20),
  colX0: mm, colPitch: size, rowY0: mm, rowPitch: size, writeBoxY: mm, writeBoxH: size,
  bubble: BubbleSpec,
});

export const BarcodeEl = z.object({ kind: z.literal('barcode'), ...box, label: z.string() });

/** 缺考 mark: one bubble filled by the proctor; centre at (bubbleX, bubbleY) relative to the element. */
export const AbsentEl = z.object({ kind: z.literal('absent'), ...box, bubbleX: mm, bubbleY: mm, bubble: BubbleSpec });

export const NotesEl = z.object({ kind: z.literal('notes'), ...box, title: z.string(), lines: z.array(z.string()) });

export const SectionTitleEl = z.object({ kind: z.literal('sectionTitle'), ...box, text: z.string().min(1) });

export const ObjectiveQuestion = z.object({
  no: z.union([z.number().int().positive(), z.string().min(1)]),
  type: z.enum(['single', 'multiple', 'judge']),
  options: z.array(z.string().min(1)).min(2).max(10),
});

/**
 * A block of up to 5 objective questions, one row each. Bubble (row r, option o) centre:
 * x + optionX0 + o·optionPitch, y + rowY0 + r·rowPitch. The question number is printed left of optionX0.
 */
export const ObjectiveEl = z.object({
  kind: z.literal('objective'), ...box,
  questions: z.array(ObjectiveQuestion).min(1).max(10),
  optionX0: mm, optionPitch: size, rowY0: mm, rowPitch: size, bubble: BubbleSpec,
});

export const FillInEl = z.object({
  kind: z.literal('fillIn'), ...box,
  no: z.union([z.number().int().positive(), z.string().min(1)]),
  fullScore: z.number().nonnegative(),
  lines: z.number().int().min(1).max(10),
});

/** A subjective answer box with its question number, full score and a score box (阅卷 writes the score). */
export const SubjectiveEl = z.object({
  kind: z.literal('subjective'), ...box,
  no: z.union([z.number().int().positive(), z.string().min(1)]),
  fullScore: z.number().nonnegative(),
  title: z.string().optional(),
  /** Continuation of a question started on the previous page. */
  continued: z.boolean().optional(),
});

/**
 * Essay grid (作文格): `columns` square cells per row, `rows` rows, `rowGap` mm between rows;
 * `startCount` = cells printed before this part (a grid may continue on the next page); every 100th cell
 * is labelled with its count. style 'lines' draws ruled lines instead (English writing).
 */
export const EssayEl = z.object({
  kind: z.literal('essay'), ...box,
  no: z.union([z.number().int().positive(), z.string().min(1)]),
  fullScore: z.number().nonnegative(),
  style: z.enum(['grid', 'lines']),
  columns: z.number().int().min(5).max(40),
  rows: z.number().int().min(1).max(80),
  cellMm: size,
  rowGap: mm,
  startCount: z.number().int().min(0),
  titleH: mm,
  continued: z.boolean().optional(),
});

/**
 * 选做题: questions `nos` of which the student answers one, in one written box. The student fills the bubble of
 * the chosen question (bubble i centre: x + markX0 + i·markPitch, y + markY); recognition reads it and the
 * written score goes to that question. Full score = each alternative's.
 * A group answered K > 1 times (选做 2 of 3) prints K such boxes, `slot` 1..K of `pick` K: each box names
 * (by its bubble) which of the group's questions it answers.
 */
export const ChoiceEl = z.object({
  kind: z.literal('choice'), ...box,
  nos: z.array(z.union([z.number().int().positive(), z.string().min(1)])).min(2).max(6),
  fullScore: z.number().nonnegative(),
  markX0: mm, markPitch: size, markY: mm, bubble: BubbleSpec,
  slot: z.number().int().min(1).max(5).optional(),
  pick: z.number().int().min(2).max(5).optional(),
});

/** Key of a 选做 box: the group's numbers (22/23), and #slot for a box of a K > 1 group (22/23/24#2). */
export const choiceKey = (nos: readonly (number | string)[], slot?: number) => `${nos.join('/')}${slot ? `#${slot}` : ''}`;

export const CardElement = z.discriminatedUnion('kind', [
  AnchorEl, PageCodeEl, HeaderEl, StudentInfoEl, AdmissionEl, BarcodeEl, AbsentEl, NotesEl, SectionTitleEl,
  ObjectiveEl, FillInEl, SubjectiveEl, EssayEl, ChoiceEl,
]);

export const CardPage = z.object({
  index: z.number().int().min(1),
  elements: z.array(CardElement).min(1),
});

export const CardLayout = z.object({
  version: z.literal(1),
  examName: z.string().min(1),
  subjectName: z.string().min(1),
  examSubjectId: z.union([z.string().min(1), z.number().int().nonnegative()]),
  paper: z.enum(CARD_PAPERS),
  /** Columns the content flows in (a card saved before columns existed has one). */
  columns: z.number().int().min(1).max(3).default(1),
  pages: z.array(CardPage).min(1).max(4),
}).superRefine((layout, ctx) => {
  const { w: pageW, h: pageH } = pageSizeOf(layout.paper);
  if (!CARD_COLUMNS[layout.paper].includes(layout.columns)) {
    ctx.addIssue({ code: 'custom', path: ['columns'], message: `${layout.paper === 'A3' ? 'A3 横向只能分 2 或 3 栏' : 'A4 纵向只能分 1 或 2 栏'}` });
  }
  layout.pages.forEach((page, p) => {
    if (page.index !== p + 1) ctx.addIssue({ code: 'custom', path: ['pages', p, 'index'], message: `页序号应为 ${p + 1}` });
    const anchors = page.elements.filter((e) => e.kind === 'anchor').length;
    if (anchors !== 4) ctx.addIssue({ code: 'custom', path: ['pages', p], message: `每页必须有 4 个定位点，第 ${p + 1} 页有 ${anchors} 个` });
    if (page.elements.filter((e) => e.kind === 'pageCode').length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['pages', p], message: `第 ${p + 1} 页必须有且只有一个页码标识` });
    }
    page.elements.forEach((e, i) => {
      if (e.x + e.w > pageW + 1e-6 || e.y + e.h > pageH + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['pages', p, 'elements', i], message: `元素（${e.kind}）超出 ${layout.paper} 页面范围` });
      }
    });
  });
});

export type CardLayout = z.infer<typeof CardLayout>;
export type CardPage = z.infer<typeof CardPage>;
export type CardElement = z.infer<typeof CardElement>;
export type ObjectiveQuestion = z.infer<typeof ObjectiveQuestion>;
export type CardLayoutInput = z.input<typeof CardLayout>;

/** Validates a layout; a bad one throws `答题卡版式无效：<path>：<reason>；…`. */
export function parseCardLayout(input: unknown): CardLayout {
  const r = CardLayout.safeParse(input, { error: z.locales.zhCN().localeError });
  if (r.success) return r.data;
  const reasons = r.error.issues.slice(0, 5).map((i) => (i.path.length ? `${i.path.join('.')}：` : '') + i.message);
  const more = r.error.issues.length > 5 ? `；等 ${r.error.issues.length} 处错误` : '';
  throw new CardLayoutError(`答题卡版式无效：${reasons.join('；')}${more}`);
}

export class CardLayoutError extends Error {
  override name = 'CardLayoutError';
}

// ---- page code -------------------------------------------------------------------------------------
// 32 bits, most significant first: 1 0 (start guard) · 20 bits exam-subject id · 4 bits page (1–15) ·
// 4 bits checksum (number of 1s in id+page bits, mod 16) · 0 1 (end guard).
// A numeric id is used modulo 2^20; a string id by its FNV-1a hash modulo 2^20.

export function pageCodeId(examSubjectId: string | number): number {
  if (typeof examSubjectId === 'number' || /^\d+$/.test(examSubjectId)) return Number(examSubjectId) % 2 ** 20;
  let hash = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(examSubjectId)) { hash ^= ch; hash = Math.imul(hash, 0x01000193) >>> 0; }
  return hash % 2 ** 20;
}

function toBits(n: number, width: number): (0 | 1)[] {
  return Array.from({ length: width }, (_, i) => ((n >> (width - 1 - i)) & 1) as 0 | 1);
}

export function encodePageCode(examSubjectId: string | number, page: number): (0 | 1)[] {
  const payload = [...toBits(pageCodeId(examSubjectId), 20), ...toBits(page & 15, 4)];
  const sum = payload.reduce<number>((a, b) => a + b, 0) % 16;
  return [1, 0, ...payload, ...toBits(sum, 4), 0, 1];
}

/** Reads bits back; null when guards or checksum do not match. */
export function decodePageCode(bits: readonly number[]): { id: number; page: number } | null {
  if (bits.length !== 32 || bits[0] !== 1 || bits[1] !== 0 || bits[30] !== 0 || bits[31] !== 1) return null;
  const num = (from: number, to: number) => bits.slice(from, to).reduce((a, b) => a * 2 + b, 0);
  const payload = bits.slice(2, 26);
  if (payload.reduce((a, b) => a + b, 0) % 16 !== num(26, 30)) return null;
  return { id: num(2, 22), page: num(22, 26) };
}
