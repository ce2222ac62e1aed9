// Answer-card layout from an exam subject's question list: the page-1 head (title, student fields, 考号 by
// bubbles or a barcode label, 缺考 mark, notes), then objective blocks (5 questions each), fill-in lines,
// subjective boxes sized by score, 选做题 boxes and an essay grid, flowing down a column, then into the next
// column, then onto the next page. The user's dragged / resized areas (overrides) are applied last.
import { applyOverrides, type AreaOverride } from './overrides.js';
import { columnsOf, FRAME } from './geometry.js';
import {
  CARD_COLUMNS, CardLayoutError, encodePageCode, pageSizeOf, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, parseCardLayout,
  type CardElement, type CardLayout, type CardPaper, type ObjectiveQuestion,
} from './layout.js';

export type { AreaOverride } from './overrides.js';

export interface CardQuestionInput {
  no: number | string;
  type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective' | 'essay';
  /** Objective options; default A–D (judge: √ ×). */
  options?: string[];
  fullScore: number;
  /** Fill-in: number of blanks (lines); subjective: a title shown in the box. */
  blanks?: number;
  title?: string;
  /** Essay: number of characters to provide cells for (default 800 for 语文). */
  words?: number;
  /** 选做题: subjective questions sharing this key are alternatives answered in one box (e.g. 22/23). */
  choice?: string;
  /** 选做题: how many of the group a student answers (K, default 1); K > 1 prints K boxes, each with its bubbles. */
  choicePick?: number;
}

export type AdmissionMode = 'bubbles' | 'barcode';

export interface BuildCardInput {
  examName: string;
  subjectName: string;
  examSubjectId: string | number;
  /** Digits of the admission number (考号). */
  admissionDigits: number;
  questions: CardQuestionInput[];
  /** Most pages the card may use (default 2; a 语文 card with an 800-character essay needs 3). */
  pages?: 1 | 2 | 3 | 4;
  /**
   * The card maker's own title: printed alone as the heading of page 1 and with 第 n 页 on later pages.
   * Absent = the exam name over 「科目 答题卡」.
   */
  title?: string;
  /** A4 portrait (default) or A3 landscape. */
  paper?: CardPaper;
  /** Columns: A4 1 (default) or 2, A3 2 or 3 (default 3). */
  columns?: number;
  /** 考号 filled in bubbles (default; a barcode label box is printed too) or read from a stuck barcode label only. */
  admissionMode?: AdmissionMode;
  /** Areas the user dragged or resized (by areaId); one whose area no longer exists is ignored. */
  overrides?: AreaOverride[];
}

/** Fixed geometry (mm). Anchors: 5 mm squares 10 mm in from each edge. */
export const CARD_GEOMETRY = {
  anchorSize: 5,
  anchorInset: 10,
  contentLeft: 18,
  contentRight: PAGE_WIDTH_MM - 18,
  contentTop: 24,
  contentBottom: PAGE_HEIGHT_MM - 20,
  bubble: { w: 4.2, h: 2.6 },
} as const;

const NOTES = [
  '1. 答题前，考生务必用黑色签字笔将姓名、班级、座号填写清楚，并正确填涂考号。',
  '2. 选择题用 2B 铅笔填涂，修改时用橡皮擦干净；非选择题用 0.5 mm 黑色签字笔书写。',
  '3. 请在各题目的答题区域内作答，超出黑色矩形边框限定区域的答案无效。',
  '4. 保持卡面清洁，不要折叠、不要弄破。',
];

const SECTION_H = 6;
const GAP = 3;

export function buildCardLayout(input: BuildCardInput): CardLayout {
  const g = CARD_GEOMETRY;
  const maxPages = input.pages ?? 2;
  const paper = input.paper ?? 'A4';
  const columns = input.columns ?? (paper === 'A3' ? 3 : 1);
  if (!CARD_COLUMNS[paper].includes(columns)) {
    throw new CardLayoutError(`答题卡版式无效：${paper === 'A3' ? 'A3 横向只能分 2 或 3 栏' : 'A4 纵向只能分 1 或 2 栏'}`);
  }
  const { w: pageW, h: pageH } = pageSizeOf(paper);
  const contentBottom = pageH - FRAME.bottom;
  const cols = columnsOf(paper, columns);
  // the head takes the first column when it is wide enough, else the whole page width (A4 two columns)
  const headSpan = cols[0].w >= 110 ? 1 : cols.length;
  const headW = cols[headSpan - 1].x + cols[headSpan - 1].w - cols[0].x;
  if (!Number.isInteger(input.admissionDigits) || input.admissionDigits < 1 || input.admissionDigits > 14) {
    throw new CardLayoutError('答题卡版式无效：考号位数应为 1–14');
  }
  if (!input.questions.length) throw new CardLayoutError('答题卡版式无效：没有题目');

  const pages: CardElement[][] = [];
  let col = 0;
  let y = 0;
  let headBottom = 0;
  const colTop = () => (pages.length === 1 && col < headSpan ? headBottom : g.contentTop - 4);
  const newPage = () => {
    if (pages.length >= maxPages) {
      throw new CardLayoutError(`答题卡版式无效：题目内容超出 ${maxPages} 页，请减少题目或增加页数`);
    }
    pages.push(frame(input, pages.length + 1, pageW, pageH));
    col = 0;
    y = pages.length === 1 ? g.contentTop : g.contentTop - 4;
    if (pages.length > 1) {
      pages[pages.length - 1].push({
        kind: 'header', x: FRAME.side, y: 10, w: pageW - 2 * FRAME.side, h: 10,
        ...(input.title
          ? { title: input.title, subtitle: `（第 ${pages.length} 页）` }
          : { title: input.examName, subtitle: `${input.subjectName} 答题卡（第 ${pages.length} 页）` }),
      });
    }
  };
  const nextColumn = () => {
    if (col + 1 >= cols.length) newPage();
    else { col++; y = colTop(); }
  };
  const cur = () => pages[pages.length - 1];
  const cx = () => cols[col].x;
  const cw = () => cols[col].w;
  const room = () => contentBottom - y;
  /** Ensures `h` mm fit in the current column, else moves on to the next column (or page). */
  const need = (h: number) => { if (room() < h) nextColumn(); };

  newPage();
  cur().push({
    kind: 'header', x: FRAME.side, y: 10, w: headW, h: 12,
    ...(input.title ? { title: input.title, subtitle: '' } : { title: input.examName, subtitle: `${input.subjectName} 答题卡` }),
  });
  headBottom = head(cur(), input, FRAME.side, g.contentTop, headW);
  y = headBottom;

  // ---- objective questions: blocks of 5, laid out left to right ---------------------------------------
  const objective = input.questions.filter((q) => q.type === 'single' || q.type === 'multiple' || q.type === 'judge');
  const sectionNo = ['一', '二', '三', '四'];
  let section = 0;
  const sectionTitle = (text: string, after: number) => {
    need(SECTION_H + after);
    cur().push({ kind: 'sectionTitle', x: cx(), y, w: cw(), h: SECTION_H, text: `${sectionNo[section++]}、${text}` });
    y += SECTION_H + 1;
  };
  if (objective.length) {
    sectionTitle('选择题（用 2B 铅笔填涂）', 30);
    const blocks: ObjectiveQuestion[][] = [];
    for (let i = 0; i < objective.length; i += 5) {
      blocks.push(objective.slice(i, i + 5).map((q) => ({ no: q.no, type: q.type as ObjectiveQuestion['type'], options: optionsOf(q) })));
    }
    const optionPitch = 6;
    const rowPitch = 5;
    let x = cx();
    let rowH = 0;
    for (const block of blocks) {
      const nOpt = Math.max(...block.map((q) => q.options.length));
      const w = 9 + nOpt * optionPitch + 2;
      const h = 3 + block.length * rowPitch + 1;
      if (x + w > cx() + cw()) { x = cx(); y += rowH + GAP; rowH = 0; }
      if (room() < h) { nextColumn(); x = cx(); rowH = 0; }
      cur().push({
        kind: 'objective', x, y, w, h, questions: block,
        optionX0: 9 + optionPitch / 2, optionPitch, rowY0: 3 + rowPitch / 2, rowPitch, bubble: { ...g.bubble },
      });
      x += w + GAP;
      rowH = Math.max(rowH, h);
    }
    y += rowH + GAP + 1;
  }

  // ---- fill-in: two questions per row (one in a narrow column), lines by blank count -------------------
  const fills = input.questions.filter((q) => q.type === 'fill');
  if (fills.length) {
    sectionTitle('填空题', 10);
    const perRow = cw() >= 150 ? 2 : 1;
    for (let i = 0; i < fills.length; i += perRow) {
      const pair = fills.slice(i, i + perRow);
      const lines = Math.max(...pair.map((q) => Math.min(4, Math.max(1, q.blanks ?? 1))));
      const h = lines * 8 + 1;
      need(h);
      const colW = (cw() - (perRow - 1) * GAP) / perRow;
      pair.forEach((q, k) => {
        cur().push({ kind: 'fillIn', x: cx() + k * (colW + GAP), y, w: colW, h, no: q.no, fullScore: q.fullScore, lines });
      });
      y += h + 1;
    }
    y += GAP;
  }

  // ---- subjective boxes sized by score; a 选做题 group is one box where its first question stands -------
  const subjective = input.questions.filter((q) => q.type === 'subjective');
  if (subjective.length) {
    sectionTitle('解答题（请在各题目的答题区域内作答）', 40);
    const done = new Set<string>();
    for (const q of subjective) {
      const boxH = (score: number) => Math.min(contentBottom - g.contentTop - 10, Math.max(35, 18 + score * 3.5));
      if (q.choice) {
        if (done.has(q.choice)) continue;
        done.add(q.choice);
        const group = subjective.filter((x) => x.choice === q.choice);
        if (group.length < 2) throw new CardLayoutError(`答题卡版式无效：选做题 ${q.no} 至少要有两道可选的题`);
        const fullScore = Math.max(...group.map((x) => x.fullScore));
        const pick = q.choicePick ?? 1;
        if (pick >= group.length) throw new CardLayoutError(`答题卡版式无效：选做题 ${q.no} 选做 ${pick} 道须少于组内 ${group.length} 道题`);
        const h = boxH(fullScore) + 4;
        // K > 1: K boxes, each naming (by its bubble) which question of the group it answers, kept in one column
        // when they fit one (recognition compares the boxes' choices on one page)
        const all = pick * h + (pick - 1) * GAP;
        if (pick > 1 && room() < all && all <= contentBottom - g.contentTop) nextColumn();
        for (let slot = 1; slot <= pick; slot++) {
          need(h);
          cur().push({
            kind: 'choice', x: cx(), y, w: cw(), h, nos: group.map((x) => x.no), fullScore,
            markX0: CHOICE.markX0, markPitch: CHOICE.markPitch, markY: CHOICE.markY, bubble: { ...CHOICE.bubble },
            ...(pick > 1 ? { slot, pick } : {}),
          });
          y += h + GAP;
        }
        continue;
      }
      const h = boxH(q.fullScore);
      need(h);
      cur().push({ kind: 'subjective', x: cx(), y, w: cw(), h, no: q.no, fullScore: q.fullScore, title: q.title });
      y += h + GAP;
    }
  }

  // ---- essays: a 作文格 grid (语文) or ruled lines (英语), continued in the next column / page if needed --
  for (const q of input.questions.filter((x) => x.type === 'essay')) {
    const english = /英语|English/i.test(input.subjectName);
    const columnsOfGrid = Math.max(10, Math.round(cw() / 8.7));
    const cellMm = cw() / columnsOfGrid;
    const rowGap = english ? 0 : 1.2;
    const rowH = english ? 9 : cellMm + rowGap;
    const total = english ? Math.ceil((q.words ?? 120) / 10) : Math.ceil((q.words ?? 800) / columnsOfGrid) + 2;
    let written = 0;
    let first = true;
    while (written < total) {
      const titleH = first ? 8 : 5;
      if (room() < titleH + rowH * 3 + 2) nextColumn();
      const rows = Math.min(total - written, Math.floor((room() - titleH - 2) / rowH));
      const h = titleH + rows * rowH + 2;
      cur().push({
        kind: 'essay', x: cx(), y, w: cw(), h, no: q.no, fullScore: q.fullScore, style: english ? 'lines' : 'grid',
        columns: columnsOfGrid, rows, cellMm, rowGap, startCount: written * columnsOfGrid, titleH, continued: !first,
      });
      y += h + GAP;
      written += rows;
      first = false;
    }
  }

  applyOverrides(pages, input.overrides ?? []);
  return parseCardLayout({
    version: 1,
    examName: input.examName,
    subjectName: input.subjectName,
    examSubjectId: input.examSubjectId,
    paper,
    columns,
    pages: pages.map((elements, i) => ({ index: i + 1, elements })),
  });
}

/** 选做题 box: the chosen question's bubble row in the title line (bubbles wide enough for two digits). */
export const CHOICE = { markX0: 32, markPitch: 8, markY: 4.5, bubble: { w: 6, h: 3.2 } } as const;

const NOTE_FONT = 2.5;
/** Height (mm) the notes need at width `w`: title, then every line wrapped at the box width. */
function notesHeight(w: number): number {
  const perLine = Math.max(8, Math.floor((w - 4) / NOTE_FONT));
  const lines = NOTES.reduce((n, l) => n + Math.ceil([...l].reduce((m, ch) => m + (ch.charCodeAt(0) < 0x2e80 ? 0.55 : 1), 0) / perLine), 0);
  return Math.ceil(3 + 5 + lines * NOTE_FONT * 1.45 + 2);
}

/**
 * Page-1 head below the title at (x, y), `w` wide: student fields, then the 考号 (bubble grid and a barcode label
 * box, or the label box alone), 缺考 mark and notes side by side where the width allows; answers its bottom y.
 */
function head(out: CardElement[], input: BuildCardInput, x: number, y: number, w: number): number {
  const g = CARD_GEOMETRY;
  out.push({ kind: 'studentInfo', x, y, w, h: 9, fields: ['姓名', '班级', '座号'] });
  y += 9 + GAP;
  if (input.admissionMode === 'barcode') {
    const bw = Math.min(70, w * 0.5);
    out.push({ kind: 'barcode', x, y, w: bw, h: 30, label: '贴条形码区（考号条形码）' });
    out.push({ kind: 'absent', x, y: y + 32, w: bw, h: 12, bubbleX: 20, bubbleY: 6, bubble: { ...g.bubble } });
    const nx = x + bw + GAP;
    const nw = x + w - nx;
    if (nw >= 60 && notesHeight(nw) <= 44) {
      out.push({ kind: 'notes', x: nx, y, w: nw, h: 44, title: '注意事项', lines: NOTES });
      return y + 44 + GAP + 1;
    }
    const nh = notesHeight(w);
    out.push({ kind: 'notes', x, y: y + 44 + GAP, w, h: nh, title: '注意事项', lines: NOTES });
    return y + 44 + GAP + nh + GAP + 1;
  }
  const digits = input.admissionDigits;
  const colPitch = 5.2;
  const admW = Math.max(38, digits * colPitch + 6);
  const admH = 6 + 7 + 10 * 4.1 + 2; // title, write boxes, 10 bubble rows
  out.push({
    kind: 'admission', x, y, w: admW, h: admH, digits,
    colX0: 3 + colPitch / 2, colPitch, writeBoxY: 6, writeBoxH: 6, rowY0: 6 + 7 + 4.1 / 2, rowPitch: 4.1,
    bubble: { ...g.bubble },
  });
  const rightX = x + admW + GAP;
  const rightW = x + w - rightX;
  if (rightW >= 100) {
    const barcodeW = Math.min(62, rightW * 0.5);
    out.push({ kind: 'barcode', x: rightX, y, w: barcodeW, h: 26, label: '贴条形码区' });
    out.push({
      kind: 'absent', x: rightX, y: y + 28, w: barcodeW, h: admH - 28, bubbleX: 20, bubbleY: (admH - 28) / 2, bubble: { ...g.bubble },
    });
    out.push({ kind: 'notes', x: rightX + barcodeW + GAP, y, w: rightW - barcodeW - GAP, h: admH, title: '注意事项', lines: NOTES });
    return y + admH + GAP + 1;
  }
  // narrow (one A3 column): label box over the 缺考 mark beside the grid, the notes below as tall as their text
  out.push({ kind: 'barcode', x: rightX, y, w: rightW, h: 30, label: '贴条形码区' });
  out.push({ kind: 'absent', x: rightX, y: y + 32, w: rightW, h: admH - 32, bubbleX: 20, bubbleY: (admH - 32) / 2, bubble: { ...g.bubble } });
  const nh = notesHeight(w);
  out.push({ kind: 'notes', x, y: y + admH + GAP, w, h: nh, title: '注意事项', lines: NOTES });
  return y + admH + GAP + nh + GAP + 1;
}

function optionsOf(q: CardQuestionInput): string[] {
  if (q.options?.length) return q.options;
  return q.type === 'judge' ? ['√', '×'] : ['A', 'B', 'C', 'D'];
}

/** Anchors and page code of one page. */
function frame(input: BuildCardInput, page: number, pageW: number, pageH: number): CardElement[] {
  const { anchorSize: s, anchorInset: d } = CARD_GEOMETRY;
  const anchors: CardElement[] = [
    [d, d], [pageW - d - s, d], [d, pageH - d - s], [pageW - d - s, pageH - d - s],
  ].map(([x, y]) => ({ kind: 'anchor', x, y, w: s, h: s }));
  const bits = encodePageCode(input.examSubjectId, page);
  const cellMm = 2.4;
  return [
    ...anchors,
    {
      kind: 'pageCode', x: d + s + 8, y: pageH - d - 8, w: pageW - 2 * (d + s + 8), h: 8,
      text: `${input.examName} · ${input.subjectName} · 第 ${page} 页 · ${input.examSubjectId}`, bits, cellMm,
    },
  ];
}
