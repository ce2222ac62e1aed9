// Where a 每页一人 slip breaks: the slip's blocks (head, score table, one question grid per subject, comment)
// are measured from the fixed line heights of the slip CSS and laid onto 595×842 px pages. A student whose
// slip does not fit one page continues on the next (a short head names the student again); a block is never
// cut: a subject's grid too tall for the rest of a page continues on the next page by whole grid rows.
import { GRID } from './grid.js';
import type { SlipQuestionScore, SlipStudent } from './types.js';

/** Fixed heights of the slip CSS (px at the 595×842 design size); render.ts sets the same values. */
export const SLIP_METRICS = {
  height: 842,
  padTop: 28,
  /** The foot line sits 14 px from the bottom; content stops this far above the page bottom. */
  bottomReserve: 40,
  head: 24 + 4 + 20, // school 24 px line, title 4 px margin + 20 px line
  date: 2 + 13,
  /** One table row: 13 px line, 3+3 px padding, one 0.75 px border (collapsed). */
  row: 19.75,
  tableGap: 10,
  qsTitle: 12 + 16,
  qsGap: 5 + 1, // 5 px margin; 1 px for the line box Chromium rounds up per block
  commentGap: 12,
  commentLine: 16,
  /** Comment text box: 595 − 2×30 padding − 2×8 padding, 10 px CJK glyphs. */
  commentWidth: 519,
  contHead: 22 + 10, // continuation head line and its gap
} as const;

export type SlipBlock =
  | { kind: 'head' }
  | { kind: 'contHead' }
  | { kind: 'scores' }
  | { kind: 'qsTitle' }
  | { kind: 'qs'; subject: string; questions: SlipQuestionScore[]; continued: boolean }
  | { kind: 'comment' };

const M = SLIP_METRICS;
const gridRowH = 2 * GRID.rowH + GRID.gap;

/** The subject label beside a grid: 40 px wide, 10 px glyphs on 13 px lines, 3 px above. */
export const qsLabel = (subject: string, continued: boolean) => (continued ? `${subject}（续）` : subject);
const labelHeight = (label: string) => 3 + 13 * Math.ceil((label.length * 10) / 40);

/** Height of a question grid of `n` questions (grid.ts: rows × 28 − 4 + 1), at least its label's. */
export function gridHeight(n: number, label = ''): number {
  const rows = Math.ceil(n / GRID.perRow);
  return Math.max(rows * gridRowH - GRID.gap + 1, labelHeight(label));
}

export function commentHeight(text: string): number {
  const lines = Math.max(1, Math.ceil((text.length * 10) / M.commentWidth));
  return M.commentGap + lines * M.commentLine + 12 + 1.5;
}

interface PlanInput {
  student: SlipStudent;
  hasDate: boolean;
  /** Body rows of the score table (总分 and the subjects); the info row and the header row are added. */
  scoreRows: number;
  withQuestions: { subject: string; questions: SlipQuestionScore[] }[];
}

/** The student's slip as pages of blocks; every page's blocks fit above the foot line. */
export function planSlipPages(p: PlanInput): SlipBlock[][] {
  const limit = M.height - M.bottomReserve;
  const pages: SlipBlock[][] = [];
  let page: SlipBlock[] = [{ kind: 'head' }, { kind: 'scores' }];
  let y = M.padTop + M.head + (p.hasDate ? M.date : 0) + 2 * (M.tableGap + 1) + (2 + p.scoreRows) * M.row;
  const newPage = () => {
    pages.push(page);
    page = [{ kind: 'contHead' }];
    y = M.padTop + M.contHead;
  };
  const fresh = () => page.length === 1 && page[0]!.kind === 'contHead';
  let titled = false;
  for (const s of p.withQuestions) {
    let rest = s.questions;
    let continued = false;
    while (rest.length) {
      const title = titled ? 0 : M.qsTitle; // 小题得分 goes above the first grid, on the same page
      const roomRows = Math.floor((limit - y - title - M.qsGap + GRID.gap - 1) / gridRowH);
      const needRows = Math.ceil(rest.length / GRID.perRow);
      const labelRows = Math.ceil(labelHeight(qsLabel(s.subject, continued)) / gridRowH);
      // a grid moves whole to a fresh page; only a grid taller than a fresh page is split by rows
      if (roomRows < Math.max(needRows, labelRows) && !fresh()) { newPage(); continue; }
      if (!titled) { page.push({ kind: 'qsTitle' }); y += M.qsTitle; titled = true; }
      const part = rest.slice(0, Math.min(needRows, Math.max(1, roomRows)) * GRID.perRow);
      page.push({ kind: 'qs', subject: s.subject, questions: part, continued });
      y += M.qsGap + gridHeight(part.length, qsLabel(s.subject, continued));
      rest = rest.slice(part.length);
      continued = true;
      if (rest.length) newPage();
    }
  }
  if (p.student.comment) {
    const ch = commentHeight(p.student.comment);
    if (y + ch > limit) newPage();
    page.push({ kind: 'comment' });
  }
  pages.push(page);
  return pages;
}
