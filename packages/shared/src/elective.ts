/**
 * 选做题 groups of a subject's question set-up (docs/DOMAIN-RULES.md "选做题"): questions sharing an
 * electiveGroup label are N alternatives of which the student answers `pick` (K, usually 1). Pure.
 */
export interface ElectiveQuestionLike {
  id?: number;
  no: string;
  type: string;
  fullScore: number;
  step: number;
  electiveGroup?: string | null;
  electivePick?: number | null;
}
export interface ElectiveGroup<Q extends ElectiveQuestionLike = ElectiveQuestionLike> {
  name: string;
  /** K: how many of the group a student answers. */
  pick: number;
  questions: Q[];
  /** The full score of each question of the group (all equal). */
  fullScore: number;
}

/** The groups in question order (each group where its first question stands). */
export function electiveGroupsOf<Q extends ElectiveQuestionLike>(questions: readonly Q[]): ElectiveGroup<Q>[] {
  const byName = new Map<string, ElectiveGroup<Q>>();
  for (const q of questions) {
    if (!q.electiveGroup) continue;
    const g = byName.get(q.electiveGroup) ?? { name: q.electiveGroup, pick: q.electivePick ?? 1, questions: [], fullScore: q.fullScore };
    g.questions.push(q);
    byName.set(q.electiveGroup, g);
  }
  return [...byName.values()];
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Full score the subject counts: every question outside a group, and K questions of each group. */
export function countedFullScore(questions: readonly ElectiveQuestionLike[]): number {
  let sum = 0;
  for (const q of questions) if (!q.electiveGroup) sum += q.fullScore;
  for (const g of electiveGroupsOf(questions)) sum += g.pick * g.fullScore;
  return round2(sum);
}

/** What is wrong with the set-up's groups, in Chinese (empty = fine). */
export function electiveProblems(questions: readonly ElectiveQuestionLike[]): string[] {
  const problems: string[] = [];
  for (const g of electiveGroupsOf(questions)) {
    const label = `选做题组“${g.name}”`;
    const bad = g.questions.filter((q) => q.type !== 'subjective').map((q) => q.no);
    if (bad.length) problems.push(`${label}只能包含解答题（第 ${bad.join('、')} 题不是）`);
    if (g.questions.length < 2) problems.push(`${label}至少要有两道题`);
    if (g.questions.length > 6) problems.push(`${label}最多 6 道题`);
    if (new Set(g.questions.map((q) => q.electivePick ?? 1)).size > 1) problems.push(`${label}各题的选做题数须相同`);
    else if (g.questions.length >= 2 && g.pick >= g.questions.length) problems.push(`${label}选做 ${g.pick} 道须少于组内 ${g.questions.length} 道题`);
    if (g.questions.some((q) => Math.abs(q.fullScore - g.fullScore) > 1e-6)) problems.push(`${label}各题满分须相同`);
    if (g.questions.some((q) => Math.abs(q.step - g.questions[0]!.step) > 1e-6)) problems.push(`${label}各题给分步长须相同`);
  }
  return problems;
}

/** Label of a group for messages: 第22/23题. */
export const electiveLabel = (g: { questions: readonly { no: string }[] }) => `第${g.questions.map((q) => q.no).join('/')}题`;

/**
 * A 选做 box's key as recognition stores it: the group's numbers (22/23), and #slot for a box of a K > 1 group
 * (22/23/24#2, the card's second box of the group).
 */
export function parseChoiceKey(key: string): { nos: string[]; slot: number | null } {
  const m = /^(.*)#(\d+)$/.exec(key);
  return { nos: (m ? m[1]! : key).split('/'), slot: m ? Number(m[2]) : null };
}

/** Name of a 选做 box for people: 选做题 22/23, 选做题 22/23/24 第 2 框. */
export function choiceBoxName(key: string): string {
  const { nos, slot } = parseChoiceKey(key);
  return `选做题 ${nos.join('/')}${slot ? ` 第 ${slot} 框` : ''}`;
}
