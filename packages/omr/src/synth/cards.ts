// The cards the synthetic set is printed from, and which card page, resolution and seed each sheet uses.
// Two layouts made by the card maker: the demo 语文 card (8-digit 考号, 15 objective questions, page 2 without
// bubbles) and an objective-heavy card (10-digit 考号, 45 questions: A–D, A–E multiple choice, A–G, √×).
import { mulberry32 } from '@jz/shared/random';
import { buildCardLayout, type BuildCardInput } from '@jz/report-templates/card/build';
import type { CardLayout } from '@jz/report-templates/card/layout';
import { DEMO_CARD_INPUT } from '@jz/report-templates/demo';

export const OBJECTIVE_CARD_INPUT: BuildCardInput = {
  examName: '合成答题卡测试',
  subjectName: '英语',
  examSubjectId: 'synthetic-objective',
  admissionDigits: 10,
  pages: 2,
  questions: [
    ...Array.from({ length: 25 }, (_, i) => ({ no: i + 1, type: 'single' as const, fullScore: 1.5 })),
    ...Array.from({ length: 5 }, (_, i) => ({ no: 26 + i, type: 'single' as const, fullScore: 2, options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] })),
    ...Array.from({ length: 10 }, (_, i) => ({ no: 31 + i, type: 'multiple' as const, fullScore: 4, options: ['A', 'B', 'C', 'D', 'E'] })),
    ...Array.from({ length: 5 }, (_, i) => ({ no: 41 + i, type: 'judge' as const, fullScore: 1 })),
    { no: 46, type: 'subjective', fullScore: 8, title: '书面表达' },
  ],
};

export function synthCards(): Record<string, CardLayout> {
  return { demo: buildCardLayout(DEMO_CARD_INPUT), objective: buildCardLayout(OBJECTIVE_CARD_INPUT) };
}

export const SYNTH_DPIS = [150, 200, 300] as const;

export interface SheetPick {
  card: string;
  /** 1-based page of the card. */
  page: number;
  dpi: number;
}

/** Sheet `seed`: the objective card 60 %, demo page 1 30 %, demo page 2 10 %; 150/200/300 dpi a third each. */
export function pickSheet(seed: number): SheetPick {
  const rnd = mulberry32((seed * 2654435761) >>> 0);
  const x = rnd();
  const dpi = SYNTH_DPIS[Math.floor(rnd() * 3)];
  return x < 0.6 ? { card: 'objective', page: 1, dpi } : { card: 'demo', page: x < 0.9 ? 1 : 2, dpi };
}

/** The page-code bits printed on page `page` (1-based) of a card. */
export function pageBitsOf(layout: CardLayout, page: number): (0 | 1)[] {
  const el = layout.pages[page - 1]?.elements.find((e) => e.kind === 'pageCode');
  if (!el || el.kind !== 'pageCode') throw new Error(`card has no page code on page ${page}`);
  return el.bits;
}
