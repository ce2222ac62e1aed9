/**
 * 组卷: which bank questions a paper takes, given counts per type and a target difficulty (score rate 0–1).
 * Deterministic: the same bank and inputs always give the same paper. Per type, measured questions are taken one
 * at a time, each time the one that brings the running mean difficulty closest to the target (ties: the one
 * closest to the target itself, then the smaller id); unmeasured questions only fill what the measured cannot.
 */
export interface AssemblyCandidate { id: number; type: string; difficulty: number | null }
export interface AssemblyPart { type: string; count: number }

export type AssemblyResult =
  | { ok: true; ids: number[]; meanDifficulty: number | null }
  | { ok: false; shortages: { type: string; wanted: number; available: number }[] };

export function pickForTarget(pool: readonly AssemblyCandidate[], count: number, target: number): number[] {
  const measured = pool.filter((c) => c.difficulty !== null).sort((a, b) => a.id - b.id);
  const chosen: number[] = [];
  let sum = 0;
  const left = new Set(measured.map((_, i) => i));
  while (chosen.length < count && left.size) {
    const k = chosen.length + 1;
    let best = -1;
    let bestKey: [number, number, number] = [Infinity, Infinity, Infinity];
    for (const i of left) {
      const c = measured[i]!;
      const key: [number, number, number] = [round9(Math.abs((sum + c.difficulty!) / k - target)), round9(Math.abs(c.difficulty! - target)), c.id];
      if (key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
        best = i;
        bestKey = key;
      }
    }
    left.delete(best);
    chosen.push(measured[best]!.id);
    sum += measured[best]!.difficulty!;
  }
  const unmeasured = pool.filter((c) => c.difficulty === null).sort((a, b) => a.id - b.id);
  for (const c of unmeasured) {
    if (chosen.length >= count) break;
    chosen.push(c.id);
  }
  return chosen;
}

/** Rounds away floating noise so that equal means compare equal. */
const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

export function assemblePaper(candidates: readonly AssemblyCandidate[], parts: readonly AssemblyPart[], target: number): AssemblyResult {
  const shortages = parts.flatMap((p) => {
    const available = candidates.filter((c) => c.type === p.type).length;
    return available < p.count ? [{ type: p.type, wanted: p.count, available }] : [];
  });
  if (shortages.length) return { ok: false, shortages };
  const ids = parts.flatMap((p) => pickForTarget(candidates.filter((c) => c.type === p.type), p.count, target));
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const ds = ids.map((i) => byId.get(i)!.difficulty).filter((d): d is number => d !== null);
  return { ok: true, ids, meanDifficulty: ds.length ? ds.reduce((a, b) => a + b, 0) / ds.length : null };
}
