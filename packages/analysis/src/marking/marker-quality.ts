/**
 * 阅卷质量 of a block (docs/DOMAIN-RULES.md §4.1 addendum 阅卷质量), per marker and for the block as a whole, over the
 * submitted marks of rounds 1–3 (round 4 is the 题组长's and is no marker's). The api reads the marks, whether each
 * paper went to a third mark or to arbitration, and the block's full score and step; this works out the figures.
 * Pure: no I/O. Scores are compared in hundredths (integers), so 0.5-steps pick up no binary-fraction noise.
 */

export interface QualityMark { paperId: number; round: number; markerId: number; total: number }
export interface QualityPaper { paperId: number; third: boolean; arbitration: boolean }
/** The block's full score and score step (blockScale). */
export interface BlockScale { fullScore: number; step: number }

/** Figures shared by a marker's row and the block's row. Percents 0–100, two decimals, null when nothing to count. */
export interface QualityFigures {
  /** marks given (rounds 1–3) */
  marks: number;
  /** first marks (round 1 or 2) whose other first mark exists; for the block: papers with both first marks */
  paired: number;
  /** of `paired`: |A − B| ≤ tolerance (inclusive, as rules.decide) */
  within: number;
  /** of `paired`: the paper went to a third mark */
  third: number;
  withinPercent: number | null; thirdPercent: number | null;
  /** first-marked papers that went to the 题组长's arbitration */
  arbitrations: number;
  /** marks within one step of the safe score (safeScore) */
  safe: number;
  /** 保险分系数: safe ÷ marks */
  safePercent: number | null;
}
export interface MarkerQualityFigures extends QualityFigures { markerId: number; mean: number; diff: number; sd: number }
export interface BlockQualityFigures extends QualityFigures { mean: number | null; sd: number | null }
export interface BlockQuality { safeScore: number; markers: MarkerQualityFigures[]; block: BlockQualityFigures }

const r2 = (x: number) => Math.round(x * 100) / 100;
const cents = (x: number) => Math.round(x * 100);
const percent = (part: number, whole: number) => (whole ? r2((part / whole) * 100) : null);

/** part ÷ whole as a fraction with two decimals (monitor/markingList's rates), null when whole is 0. */
export const rateOf = (part: number, whole: number): number | null => (whole ? r2(part / whole) : null);

/**
 * A block's full score and step from its questions: one question's full score for a 选做 block (the student answers
 * one of them), else their sum; the step is the smallest step of the questions or their scoring points (1 when none).
 */
export function blockScale(questions: { fullScore: number; step: number; points: { step: number }[]; electiveGroup?: string | null }[]): BlockScale {
  const fullScore = questions.some((q) => q.electiveGroup) ? questions[0]!.fullScore
    : questions.reduce((a, q) => a + cents(q.fullScore), 0) / 100;
  const steps = questions.flatMap((q) => (q.points.length ? q.points.map((p) => p.step) : [q.step])).filter((s) => s > 0);
  return { fullScore, step: steps.length ? Math.min(...steps) : 1 };
}

/**
 * The safe score (保险分) of a block: 0.71 × full score rounded half up to the step, never above the full score.
 * In hundredths: k = ⌊(71·F + 50·S) ÷ (100·S)⌋ with F, S the full score and step in hundredths, exact in integers.
 */
export function safeScore(scale: BlockScale): number {
  const f = cents(scale.fullScore);
  const s = Math.max(1, cents(scale.step));
  return Math.min(Math.floor((71 * f + 50 * s) / (100 * s)) * s, f) / 100;
}

/** Whether a mark is a safe score: within one step of the safe score, inclusive. */
export function isSafe(total: number, scale: BlockScale): boolean {
  return Math.abs(cents(total) - cents(safeScore(scale))) <= Math.max(1, cents(scale.step));
}

function meanSd(xs: number[]): { mean: number; sd: number } {
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  return { mean, sd: Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length) };
}

/**
 * Per marker: marks given, their mean, mean − the block mean over every mark, population standard deviation; over the
 * marker's first marks with the other first mark present: the share within tolerance and the share whose paper went
 * to a third mark; the marker's first-marked papers that went to arbitration; 保险分系数. The block's row: the same
 * over every mark, paper by paper (a paper with both first marks is one comparison). Two decimals.
 */
export function markerQuality(allMarks: QualityMark[], papers: QualityPaper[], tolerance: number, scale: BlockScale): BlockQuality {
  const marks = allMarks.filter((m) => m.round >= 1 && m.round <= 3);
  const byPaper = new Map<number, QualityMark[]>();
  for (const m of marks) byPaper.set(m.paperId, [...(byPaper.get(m.paperId) ?? []), m]);
  const paperOf = new Map(papers.map((p) => [p.paperId, p]));
  const wentThird = (paperId: number) => !!paperOf.get(paperId)?.third || !!byPaper.get(paperId)?.some((x) => x.round === 3);
  const agrees = (a: QualityMark, b: QualityMark) => Math.abs(cents(a.total) - cents(b.total)) <= cents(tolerance);
  const safe = (ms: QualityMark[]) => ms.filter((m) => isSafe(m.total, scale)).length;
  const all = marks.length ? meanSd(marks.map((m) => m.total)) : null;

  const markers = [...new Set(marks.map((m) => m.markerId))].sort((a, b) => a - b).map((markerId): MarkerQualityFigures => {
    const own = marks.filter((m) => m.markerId === markerId);
    const { mean, sd } = meanSd(own.map((m) => m.total));
    let paired = 0; let within = 0; let third = 0; let arbitrations = 0;
    for (const m of own.filter((x) => x.round <= 2)) {
      if (paperOf.get(m.paperId)?.arbitration) arbitrations++;
      const other = byPaper.get(m.paperId)?.find((x) => x.round === (m.round === 1 ? 2 : 1));
      if (!other) continue;
      paired++;
      if (agrees(m, other)) within++;
      if (wentThird(m.paperId)) third++;
    }
    const s = safe(own);
    return {
      markerId, marks: own.length, mean: r2(mean), diff: r2(mean - all!.mean), sd: r2(sd), paired, within, third,
      withinPercent: percent(within, paired), thirdPercent: percent(third, paired), arbitrations, safe: s, safePercent: percent(s, own.length),
    };
  });

  let paired = 0; let within = 0; let third = 0; let arbitrations = 0;
  for (const [paperId, ms] of byPaper) {
    const a = ms.find((m) => m.round === 1);
    const b = ms.find((m) => m.round === 2);
    if ((a || b) && paperOf.get(paperId)?.arbitration) arbitrations++;
    if (!a || !b) continue;
    paired++;
    if (agrees(a, b)) within++;
    if (wentThird(paperId)) third++;
  }
  const s = safe(marks);
  return {
    safeScore: safeScore(scale),
    markers,
    block: {
      marks: marks.length, mean: all ? r2(all.mean) : null, sd: all ? r2(all.sd) : null, paired, within, third,
      withinPercent: percent(within, paired), thirdPercent: percent(third, paired), arbitrations, safe: s, safePercent: percent(s, marks.length),
    },
  };
}
