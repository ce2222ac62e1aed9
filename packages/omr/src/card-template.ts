// The product's own card → a sheet template, in millimetres, from the same numbers the renderer draws with
// (packages/report-templates/src/card/render.ts): bubble (col, digit) centre = x + colX0 + c·colPitch,
// y + rowY0 + d·rowPitch; page-code cell i at (x + i·(cellMm + 0.8), y + h − cellMm); boxes are border-box.
import { choiceKey, pageSizeOf, type CardElement, type CardLayout } from '@jz/report-templates/card/layout';
import type { Bubble, BubbleGroup, Rect, SheetTemplate } from './types.js';

type El<K extends CardElement['kind']> = Extract<CardElement, { kind: K }>;

const centred = (cx: number, cy: number, w: number, h: number): Rect => ({ x: cx - w / 2, y: cy - h / 2, w, h });

/**
 * Template of one page of a card. `pageIndex` is 0-based (layout.pages[pageIndex]; the printed page number is
 * pageIndex + 1). Anchors come out in reading order: top-left, top-right, bottom-right, bottom-left.
 */
export function templateFromCard(layout: CardLayout, pageIndex: number): SheetTemplate {
  const page = layout.pages[pageIndex];
  if (!page) throw new RangeError(`答题卡没有第 ${pageIndex + 1} 页`);
  const els = page.elements;
  const of = <K extends CardElement['kind']>(k: K) => els.filter((e): e is El<K> => e.kind === k);

  const anchors = sortAnchors(of('anchor').map(({ x, y, w, h }) => ({ x, y, w, h })));
  const code = of('pageCode')[0];
  const template: SheetTemplate = {
    version: 1,
    name: `${layout.examName} ${layout.subjectName} 第 ${page.index} 页`,
    unit: 'mm',
    width: pageSizeOf(layout.paper).w,
    height: pageSizeOf(layout.paper).h,
    anchors,
    page: page.index,
    questions: [],
    blocks: [],
  };
  if (code) {
    const pitch = code.cellMm + 0.8;
    template.pageCode = { cells: code.bits.map((_, i) => ({ x: code.x + i * pitch, y: code.y + code.h - code.cellMm, w: code.cellMm, h: code.cellMm })) };
  }
  const adm = of('admission')[0];
  const barcode = of('barcode')[0];
  if (adm || barcode) {
    template.admission = {};
    if (adm) {
      template.admission.digits = Array.from({ length: adm.digits }, (_, c): BubbleGroup => ({
        id: `考号第${c + 1}位`,
        kind: 'single',
        bubbles: Array.from({ length: 10 }, (_, d): Bubble => ({
          value: String(d),
          ...centred(adm.x + adm.colX0 + c * adm.colPitch, adm.y + adm.rowY0 + d * adm.rowPitch, adm.bubble.w, adm.bubble.h),
        })),
      }));
    }
    if (barcode) template.admission.barcode = { x: barcode.x, y: barcode.y, w: barcode.w, h: barcode.h };
  }
  const absent = of('absent')[0];
  if (absent) template.absent = centred(absent.x + absent.bubbleX, absent.y + absent.bubbleY, absent.bubble.w, absent.bubble.h);

  for (const block of of('objective')) {
    block.questions.forEach((q, r) => {
      const cy = block.y + block.rowY0 + r * block.rowPitch;
      template.questions.push({
        id: String(q.no),
        kind: q.type === 'multiple' ? 'multiple' : 'single',
        bubbles: q.options.map((o, k) => ({ value: o, ...centred(block.x + block.optionX0 + k * block.optionPitch, cy, block.bubble.w, block.bubble.h) })),
      });
    });
  }
  // 选做题: the chosen question's mark is read like a single-choice question (id 选做:22/23, values the
  // question numbers); the one written box is cut as block 22/23 and its score goes to the marked question.
  // A box of a K > 1 group carries its slot: mark 选做:22/23/24#2, block 22/23/24#2.
  for (const c of of('choice')) {
    template.questions.push({
      id: choiceQuestionId(c.nos, c.slot),
      kind: 'single',
      bubbles: c.nos.map((no, i) => ({ value: String(no), ...centred(c.x + c.markX0 + i * c.markPitch, c.y + c.markY, c.bubble.w, c.bubble.h) })),
    });
  }
  for (const e of els) {
    if (e.kind === 'fillIn' || e.kind === 'subjective' || e.kind === 'essay') {
      template.blocks.push({ id: String(e.no), rect: { x: e.x, y: e.y, w: e.w, h: e.h } });
    }
    if (e.kind === 'choice') template.blocks.push({ id: choiceKey(e.nos, e.slot), rect: { x: e.x, y: e.y, w: e.w, h: e.h } });
  }
  return template;
}

/** Id of a 选做题's mark in a template and its reading: 选做:22/23 (a box of a K > 1 group: 选做:22/23/24#2). */
export const choiceQuestionId = (nos: readonly (number | string)[], slot?: number) => `选做:${choiceKey(nos, slot)}`;

/**
 * The question a 选做题's written score goes to, from the reading of its mark: the one marked number, or null
 * when none or several are marked (the paper goes to the doubt queue: 选做题未填涂或多涂).
 */
export function chosenQuestion(result: { questions: { id: string; marked: string[] }[] }, nos: readonly (number | string)[], slot?: number): string | null {
  const q = result.questions.find((x) => x.id === choiceQuestionId(nos, slot));
  return q && q.marked.length === 1 ? q.marked[0] : null;
}

/** Top-left, top-right, bottom-right, bottom-left by the anchors' centres. */
function sortAnchors(rects: Rect[]): Rect[] {
  const c = (r: Rect) => [r.x + r.w / 2, r.y + r.h / 2];
  const byY = [...rects].sort((a, b) => c(a)[1] - c(b)[1]);
  const half = Math.ceil(byY.length / 2);
  const top = byY.slice(0, half).sort((a, b) => c(a)[0] - c(b)[0]);
  const bottom = byY.slice(half).sort((a, b) => c(b)[0] - c(a)[0]);
  return [...top, ...bottom];
}
