/**
 * 阅卷质量 of a block, per marker (issue 11, /examMonitor/detail/quality). Pure: the api reads the submitted marks
 * of rounds 1–3 and whether each paper went to a third mark or to arbitration, and this works out the figures.
 */

import type { QualityMark } from './quality.js';
export interface QualityPaper { paperId: number; third: boolean; arbitration: boolean }
export interface MarkerQualityFigures {
  markerId: number; marks: number; mean: number; diff: number; sd: number;
  /** papers the marker gave a first mark (round 1 or 2) whose other first mark exists */
  paired: number; withinPercent: number | null; thirdPercent: number | null; arbitrations: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const cents = (x: number) => Math.round(x * 100);

/**
 * Per marker: marks given (rounds 1–3), their mean, mean − the block mean over every mark, population standard
 * deviation; over the marker's first marks with the other first mark present: share within tolerance
 * (|A − B| ≤ tolerance, inclusive, as rules.decide), share whose paper went to a third mark; papers of the marker's
 * first marks that went to arbitration. Two decimals; percents 0–100; null when nothing to compare.
 */
export function markerQuality(marks: QualityMark[], papers: QualityPaper[], tolerance: number): MarkerQualityFigures[] {
  if (!marks.length) return [];
  const blockMean = marks.reduce((a, m) => a + m.total, 0) / marks.length;
  const byPaper = new Map<number, QualityMark[]>();
  for (const m of marks) byPaper.set(m.paperId, [...(byPaper.get(m.paperId) ?? []), m]);
  const paperOf = new Map(papers.map((p) => [p.paperId, p]));
  const markers = [...new Set(marks.map((m) => m.markerId))].sort((a, b) => a - b);
  return markers.map((markerId) => {
    const own = marks.filter((m) => m.markerId === markerId);
    const mean = own.reduce((a, m) => a + m.total, 0) / own.length;
    const sd = Math.sqrt(own.reduce((a, m) => a + (m.total - mean) ** 2, 0) / own.length);
    let paired = 0; let within = 0; let third = 0; let arbitrations = 0;
    for (const m of own.filter((x) => x.round <= 2)) {
      const p = paperOf.get(m.paperId);
      if (p?.arbitration) arbitrations++;
      const other = byPaper.get(m.paperId)?.find((x) => x.round === (m.round === 1 ? 2 : 1));
      if (!other) continue;
      paired++;
      if (Math.abs(cents(m.total) - cents(other.total)) <= cents(tolerance)) within++;
      if (p?.third) third++;
    }
    return {
      markerId, marks: own.length, mean: r2(mean), diff: r2(mean - blockMean), sd: r2(sd), paired,
      withinPercent: paired ? r2((within / paired) * 100) : null, thirdPercent: paired ? r2((third / paired) * 100) : null, arbitrations,
    };
  });
}
