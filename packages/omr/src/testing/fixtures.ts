// A product card (the demo 语文 card, page 1: 8-digit 考号, barcode area, 缺考, 15 objective questions) and
// a filled answer model: which bubbles the synthetic student marks. Tests expect exactly what is drawn here.
import { buildCardLayout, DEMO_CARD_INPUT, encodePageCode, type CardElement, type CardLayout } from '@jz/report-templates';
import { mulberry32 } from '@jz/shared/random';
import { templateFromCard } from '../card-template.js';
import type { Rect, SheetTemplate } from '../types.js';
import type { Fill } from './synth.js';

export interface CardFixture {
  layout: CardLayout;
  template: SheetTemplate;
  bits: (0 | 1)[];
  textAreas: Rect[];
}

export function demoCard(pageIndex = 0): CardFixture {
  const layout = buildCardLayout(DEMO_CARD_INPUT);
  const template = templateFromCard(layout, pageIndex);
  const textAreas = layout.pages[pageIndex].elements
    .filter((e: CardElement) => e.kind === 'header' || e.kind === 'notes' || e.kind === 'sectionTitle' || e.kind === 'studentInfo')
    .map(({ x, y, w, h }) => ({ x, y, w, h }));
  return { layout, template, bits: encodePageCode(layout.examSubjectId, pageIndex + 1), textAreas };
}

export interface Answers {
  /** Question id → marked option values. */
  questions: Record<string, string[]>;
  admission: string;
  absent: boolean;
}

/** A seeded student: one option per single question, one to three on a multiple one. */
export function randomAnswers(t: SheetTemplate, seed: number): Answers {
  const rnd = mulberry32(seed);
  const questions: Record<string, string[]> = {};
  for (const g of t.questions) {
    const opts = g.bubbles.map((b) => b.value);
    if (g.kind === 'single') questions[g.id] = [opts[Math.floor(rnd() * opts.length)]];
    else {
      const pick = opts.filter(() => rnd() < 0.5);
      questions[g.id] = pick.length ? pick : [opts[0]];
    }
  }
  const digits = t.admission?.digits?.length ?? 0;
  const admission = Array.from({ length: digits }, () => String(Math.floor(rnd() * 10))).join('');
  return { questions, admission, absent: false };
}

/** The fills that draw `answers` at darkness `level`. */
export function fillsFor(t: SheetTemplate, a: Answers, level: number): Fill[] {
  const fills: Fill[] = [];
  for (const g of t.questions) for (const b of g.bubbles) if (a.questions[g.id]?.includes(b.value)) fills.push({ rect: b, level });
  t.admission?.digits?.forEach((g, i) => {
    const b = g.bubbles.find((x) => x.value === a.admission[i]);
    if (b) fills.push({ rect: b, level });
  });
  if (a.absent && t.absent) fills.push({ rect: t.absent, level });
  return fills;
}
