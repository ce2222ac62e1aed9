// Default answer-card layout from an exam subject's question list: header, student fields, 考号 grid,
// barcode box, 缺考 mark, notes, then objective blocks (5 questions each), fill-in lines, subjective boxes
// sized by score and an essay grid; what does not fit on page 1 flows to page 2.
import {
  CardLayoutError, encodePageCode, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, parseCardLayout,
  type CardElement, type CardLayout, type ObjectiveQuestion,
} from './layout.js';

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
}

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
  const width = g.contentRight - g.contentLeft;
  if (!Number.isInteger(input.admissionDigits) || input.admissionDigits < 1 || input.admissionDigits > 14) {
    throw new CardLayoutError('答题卡版式无效：考号位数应为 1–14');
  }
  if (!input.questions.length) throw new CardLayoutError('答题卡版式无效：没有题目');

  const pages: CardElement[][] = [];
  let y = 0;
  const newPage = () => {
    if (pages.length >= maxPages) {
      throw new CardLayoutError(`答题卡版式无效：题目内容超出 ${maxPages} 页，请减少题目或增加页数`);
    }
    pages.push(frame(input, pages.length + 1));
    y = pages.length === 1 ? g.contentTop : g.contentTop - 4;
    if (pages.length > 1) {
      pages[pages.length - 1].push({
        kind: 'header', x: g.contentLeft, y: 10, w: width, h: 10,
        ...(input.title
          ? { title: input.title, subtitle: `（第 ${pages.length} 页）` }
          : { title: input.examName, subtitle: `${input.subjectName} 答题卡（第 ${pages.length} 页）` }),
      });
    }
  };
  const cur = () => pages[pages.length - 1];
  const room = () => g.contentBottom - y;
  /** Ensures `h` mm fit on the current page, else opens a new page. */
  const need = (h: number) => { if (room() < h) newPage(); };

  newPage();
  // ---- page-1 head: title, student fields, 考号 grid, barcode, 缺考, notes ---------------------------
  cur().push({
    kind: 'header', x: g.contentLeft, y: 10, w: width, h: 12,
    ...(input.title ? { title: input.title, subtitle: '' } : { title: input.examName, subtitle: `${input.subjectName} 答题卡` }),
  });
  cur().push({ kind: 'studentInfo', x: g.contentLeft, y, w: width, h: 9, fields: ['姓名', '班级', '座号'] });
  y += 9 + GAP;

  const digits = input.admissionDigits;
  const colPitch = 5.2;
  const admW = Math.max(38, digits * colPitch + 6);
  const admH = 6 + 7 + 10 * 4.1 + 2; // title, write boxes, 10 bubble rows
  cur().push({
    kind: 'admission', x: g.contentLeft, y, w: admW, h: admH, digits,
    colX0: 3 + colPitch / 2, colPitch, writeBoxY: 6, writeBoxH: 6, rowY0: 6 + 7 + 4.1 / 2, rowPitch: 4.1,
    bubble: { ...g.bubble },
  });
  const rightX = g.contentLeft + admW + GAP;
  const rightW = g.contentRight - rightX;
  const barcodeW = Math.min(62, rightW * 0.5);
  cur().push({ kind: 'barcode', x: rightX, y, w: barcodeW, h: 26, label: '贴条形码区' });
  cur().push({
    kind: 'absent', x: rightX, y: y + 28, w: barcodeW, h: admH - 28, bubbleX: 20, bubbleY: (admH - 28) / 2, bubble: { ...g.bubble },
  });
  cur().push({ kind: 'notes', x: rightX + barcodeW + GAP, y, w: rightW - barcodeW - GAP, h: admH, title: '注意事项', lines: NOTES });
  y += admH + GAP + 1;

  // ---- objective questions: blocks of 5, laid out left to right ---------------------------------------
  const objective = input.questions.filter((q) => q.type === 'single' || q.type === 'multiple' || q.type === 'judge');
  if (objective.length) {
    need(SECTION_H + 30);
    cur().push({ kind: 'sectionTitle', x: g.contentLeft, y, w: width, h: SECTION_H, text: '一、选择题（用 2B 铅笔填涂）' });
    y += SECTION_H + 1;
    const blocks: ObjectiveQuestion[][] = [];
    for (let i = 0; i < objective.length; i += 5) {
      blocks.push(objective.slice(i, i + 5).map((q) => ({ no: q.no, type: q.type as ObjectiveQuestion['type'], options: optionsOf(q) })));
    }
    const optionPitch = 6;
    const rowPitch = 5;
    let x = g.contentLeft;
    let rowH = 0;
    for (const block of blocks) {
      const nOpt = Math.max(...block.map((q) => q.options.length));
      const w = 9 + nOpt * optionPitch + 2;
      const h = 3 + block.length * rowPitch + 1;
      if (x + w > g.contentRight) { x = g.contentLeft; y += rowH + GAP; rowH = 0; }
      if (room() < h) { newPage(); x = g.contentLeft; rowH = 0; }
      cur().push({
        kind: 'objective', x, y, w, h, questions: block,
        optionX0: 9 + optionPitch / 2, optionPitch, rowY0: 3 + rowPitch / 2, rowPitch, bubble: { ...g.bubble },
      });
      x += w + GAP;
      rowH = Math.max(rowH, h);
    }
    y += rowH + GAP + 1;
  }

  // ---- fill-in: two questions per row, lines by blank count -------------------------------------------
  const fills = input.questions.filter((q) => q.type === 'fill');
  if (fills.length) {
    need(SECTION_H + 10);
    cur().push({ kind: 'sectionTitle', x: g.contentLeft, y, w: width, h: SECTION_H, text: '二、填空题' });
    y += SECTION_H + 1;
    const colW = (width - GAP) / 2;
    for (let i = 0; i < fills.length; i += 2) {
      const pair = fills.slice(i, i + 2);
      const lines = Math.max(...pair.map((q) => Math.min(4, Math.max(1, q.blanks ?? 1))));
      const h = lines * 8 + 1;
      need(h);
      pair.forEach((q, k) => {
        cur().push({ kind: 'fillIn', x: g.contentLeft + k * (colW + GAP), y, w: colW, h, no: q.no, fullScore: q.fullScore, lines });
      });
      y += h + 1;
    }
    y += GAP;
  }

  // ---- subjective boxes sized by score ----------------------------------------------------------------
  const subjective = input.questions.filter((q) => q.type === 'subjective');
  if (subjective.length) {
    need(SECTION_H + 40);
    cur().push({ kind: 'sectionTitle', x: g.contentLeft, y, w: width, h: SECTION_H, text: `${fills.length || objective.length ? (fills.length && objective.length ? '三' : '二') : '一'}、解答题（请在各题目的答题区域内作答）` });
    y += SECTION_H + 1;
    for (const q of subjective) {
      const h = Math.min(g.contentBottom - g.contentTop - 10, Math.max(35, 18 + q.fullScore * 3.5));
      need(h);
      cur().push({ kind: 'subjective', x: g.contentLeft, y, w: width, h, no: q.no, fullScore: q.fullScore, title: q.title });
      y += h + GAP;
    }
  }

  // ---- essays: a 作文格 grid (语文) or ruled lines (英语), continued on the next page if needed ----------
  for (const q of input.questions.filter((x) => x.type === 'essay')) {
    const english = /英语|English/i.test(input.subjectName);
    const columns = 20;
    const cellMm = width / columns;
    const rowGap = english ? 0 : 1.2;
    const rowH = english ? 9 : cellMm + rowGap;
    const total = english ? Math.ceil((q.words ?? 120) / 10) : Math.ceil((q.words ?? 800) / columns) + 2;
    let done = 0;
    let first = true;
    while (done < total) {
      const titleH = first ? 8 : 5;
      if (room() < titleH + rowH * 3 + 2) newPage();
      const rows = Math.min(total - done, Math.floor((room() - titleH - 2) / rowH));
      const h = titleH + rows * rowH + 2;
      cur().push({
        kind: 'essay', x: g.contentLeft, y, w: width, h, no: q.no, fullScore: q.fullScore, style: english ? 'lines' : 'grid',
        columns, rows, cellMm, rowGap, startCount: done * columns, titleH, continued: !first,
      });
      y += h + GAP;
      done += rows;
      first = false;
    }
  }

  return parseCardLayout({
    version: 1,
    examName: input.examName,
    subjectName: input.subjectName,
    examSubjectId: input.examSubjectId,
    paper: 'A4',
    pages: pages.map((elements, i) => ({ index: i + 1, elements })),
  });
}

function optionsOf(q: CardQuestionInput): string[] {
  if (q.options?.length) return q.options;
  return q.type === 'judge' ? ['√', '×'] : ['A', 'B', 'C', 'D'];
}

/** Anchors and page code of one page. */
function frame(input: BuildCardInput, page: number): CardElement[] {
  const { anchorSize: s, anchorInset: d } = CARD_GEOMETRY;
  const anchors: CardElement[] = [
    [d, d], [PAGE_WIDTH_MM - d - s, d], [d, PAGE_HEIGHT_MM - d - s], [PAGE_WIDTH_MM - d - s, PAGE_HEIGHT_MM - d - s],
  ].map(([x, y]) => ({ kind: 'anchor', x, y, w: s, h: s }));
  const bits = encodePageCode(input.examSubjectId, page);
  const cellMm = 2.4;
  return [
    ...anchors,
    {
      kind: 'pageCode', x: d + s + 8, y: PAGE_HEIGHT_MM - d - 8, w: PAGE_WIDTH_MM - 2 * (d + s + 8), h: 8,
      text: `${input.examName} · ${input.subjectName} · 第 ${page} 页 · ${input.examSubjectId}`, bits, cellMm,
    },
  ];
}
