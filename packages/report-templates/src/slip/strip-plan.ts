// Layout of one 成绩条 strip, planned in Node (the printed page runs no script, so it cannot measure itself):
// nothing is cut with '…'. The head line (school · exam, 姓名/班级/座号/考号) breaks into two lines when it
// does not fit one; the subject table keeps every name whole by wrapping it, in smaller type when the header row
// would grow past the strip. (Two rows of subjects were weighed: with the rank lines they need more height than
// the smallest type, so they never fit where one row does not.)
import { linesOf } from '../report/render.js';

export const STRIPS_PER_PAGE = 8;
const MM = 96 / 25.4;
export const STRIP_H_MM = 297 / STRIPS_PER_PAGE; // 37.125 mm
/** Inner width of a strip: A4 less 8 mm padding each side. */
const INNER_W = (210 - 16) * MM;
const PAD_TOP = 3.5 * MM;
/** Left clear of the next strip's cut line (the ✂ reaches 2.2 mm below the strip's bottom edge). */
const PAD_BOTTOM = 2.5 * MM;
export const HEAD_FONT = 10;
export const HEAD_LINE = 15;
const HEAD_GAP = 5 * MM;
const TABLE_GAP = 2 * MM;
/** The label column (科目 / 得分 / 班级排名 / 年级排名). */
export const LABEL_W_MM = 15;
/** Type sizes tried for the table, largest first, with their line heights. */
export const TABLE_TYPES = [{ font: 9.5, line: 14 }, { font: 8.5, line: 12 }, { font: 7.5, line: 10 }, { font: 6.5, line: 9 }] as const;
const CELL_PAD = 2 * 2 + 1; // 2 px padding each side, borders
const ROW_EXTRA = 2 + 0.75; // 1 px padding top and bottom, a border

export interface StripColumn { subject: string; isTotal: boolean }
export interface StripPlan {
  /** Head lines: one (everything side by side), else school · exam above (wrapping if need be), the fields below. */
  headLines: number;
  font: number;
  line: number;
  /** Planned height (px) of the strip's content (from its top edge), for tests. */
  height: number;
}

function textWidth(s: string, font: number): number {
  let w = 0;
  for (const ch of s) w += ch.charCodeAt(0) <= 0xff ? 0.62 : 1;
  return w * font;
}

/** Width (px) of the head on one line: the exam text and the student's fields, 5 mm apart. */
function headWidth(examText: string, fields: string[]): number {
  return [examText, ...fields].reduce((a, t) => a + textWidth(t, HEAD_FONT), 0) + HEAD_GAP * fields.length;
}

/** Height of one table of `cols` with `rows` lines below its subject row, at type `t`. */
function tableHeight(cols: StripColumn[], rows: number, t: { font: number; line: number }): number {
  const colW = (INNER_W - LABEL_W_MM * MM) / cols.length;
  const headLines = Math.max(1, ...cols.map((c) => linesOf(c.subject, colW - CELL_PAD, t.font)));
  // a rank cell or score holds at most a few digits; a label (班级排名) stays on one line in its 15 mm column
  return headLines * t.line + ROW_EXTRA + rows * (t.line + ROW_EXTRA) + 0.75;
}

/**
 * The strip's plan: `examText` is 「school · exam」, `fields` the student's head fields, `cols` the subjects and
 * 总分, `rows` the table lines under the subject row (得分 and the ranks the school releases).
 */
export function planStrip(examText: string, fields: string[], cols: StripColumn[], rows: number): StripPlan {
  const headLines = headWidth(examText, fields) <= INNER_W ? 1 : linesOf(examText, INNER_W, HEAD_FONT) + 1;
  const room = STRIP_H_MM * MM - PAD_TOP - PAD_BOTTOM - headLines * HEAD_LINE;
  let plan: StripPlan | undefined;
  for (const t of TABLE_TYPES) {
    const table = TABLE_GAP + tableHeight(cols, rows, t);
    plan = { headLines, font: t.font, line: t.line, height: PAD_TOP + headLines * HEAD_LINE + table };
    if (table <= room) return plan;
  }
  // names beyond any school's (several dozen characters each): the smallest type, the strip's foot may be cut
  return plan!;
}
