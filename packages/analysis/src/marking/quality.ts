/**
 * Marking quality figures for the monitor (docs/DOMAIN-RULES.md §4.1): per marker the count, mean and SD
 * (population) of the totals given, and the share of the marker's double-marked papers whose two first marks
 * agreed within tolerance; per block the same over all marks, plus the third-mark rate (papers with a third mark
 * ÷ papers with both first marks). Pure: no I/O. Marks of round 4 (the leader's) are not a marker's and are ignored.
 */
export interface QualityMark { paperId: number; round: number; markerId: number; total: number }
export interface MarkerQuality { markerId: number; count: number; mean: number; sd: number; agreed: number; compared: number; agreeRate: number | null }
export interface BlockQuality { count: number; mean: number | null; sd: number | null; compared: number; agreeRate: number | null; thirdRate: number | null }

const r2 = (v: number) => Math.round(v * 100) / 100;

function meanSd(xs: number[]): { mean: number; sd: number } {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
  return { mean: r2(mean), sd: r2(sd) };
}

export function markingQuality(marks: QualityMark[], tolerance: number): { markers: MarkerQuality[]; block: BlockQuality } {
  const own = marks.filter((m) => m.round >= 1 && m.round <= 3);
  const byPaper = new Map<number, QualityMark[]>();
  for (const m of own) byPaper.set(m.paperId, [...(byPaper.get(m.paperId) ?? []), m]);
  const agreedPapers = new Map<number, boolean>(); // papers with both first marks → within tolerance?
  let third = 0;
  for (const [paperId, ms] of byPaper) {
    const a = ms.find((m) => m.round === 1);
    const b = ms.find((m) => m.round === 2);
    if (!a || !b) continue;
    agreedPapers.set(paperId, Math.abs(Math.round(a.total * 100) - Math.round(b.total * 100)) <= Math.round(tolerance * 100));
    if (ms.some((m) => m.round === 3)) third++;
  }
  const markerIds = [...new Set(own.map((m) => m.markerId))].sort((x, y) => x - y);
  const markers = markerIds.map((id): MarkerQuality => {
    const mine = own.filter((m) => m.markerId === id);
    const { mean, sd } = meanSd(mine.map((m) => m.total));
    const compared = mine.filter((m) => m.round <= 2 && agreedPapers.has(m.paperId));
    const agreed = compared.filter((m) => agreedPapers.get(m.paperId)).length;
    return { markerId: id, count: mine.length, mean, sd, agreed, compared: compared.length, agreeRate: compared.length ? r2(agreed / compared.length) : null };
  });
  const all = own.length ? meanSd(own.map((m) => m.total)) : null;
  const compared = agreedPapers.size;
  const agreed = [...agreedPapers.values()].filter(Boolean).length;
  return {
    markers,
    block: { count: own.length, mean: all?.mean ?? null, sd: all?.sd ?? null, compared, agreeRate: compared ? r2(agreed / compared) : null, thirdRate: compared ? r2(third / compared) : null },
  };
}
