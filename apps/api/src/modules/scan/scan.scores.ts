/** Points of a recognised answer as scanning shows them before they are stored (the stored ones come from score/score-write). */
import { round2, scoreChoice, type QType } from '../score/scoring.js';

export interface ObjectiveQuestion { id: number; type: string; fullScore: number; step: number; answer: string | null; partialScore: number | null; optionScore?: number | null }

/** Points of one recognised answer: blank or no key → 0. */
export function pointsOf(q: ObjectiveQuestion, choice: string | null): number {
  if (!choice || !q.answer) return 0;
  return round2(scoreChoice({ type: q.type as QType, fullScore: q.fullScore, step: q.step, answer: q.answer, partialScore: q.partialScore, optionScore: q.optionScore }, choice));
}
