// A sheet's darkness figures with its truth, as the synthetic benchmark dumps them (OMR_SYNTH_DUMP) and
// scripts/omr/replay-rules.ts replays them: decision rules can be tried on many sheets without making them again.
import type { SheetTruth } from '../../packages/omr/src/synth/types.js';
import type { SheetResult, SheetTemplate } from '../../packages/omr/src/types.js';

/** What the decision rules saw on a sheet, with its truth, to try other rules on without making sheets again. */
export function dumpOf(seed: number, r: SheetResult, template: SheetTemplate, truth: SheetTruth) {
  if (r.status !== 'ok') return null;
  const byId = new Map(truth.groups.map((g) => [g.id, g]));
  const group = (g: { id: string; darkness: number[]; peak?: number[] }, role: string, kind: string) => {
    const t = byId.get(g.id)!;
    return { id: g.id, role, kind, expect: t.expect, intended: t.intended, marks: t.marks, dark: g.darkness, ...(g.peak ? { peak: g.peak } : {}) };
  };
  return {
    seed,
    groups: [
      ...r.questions.map((q) => group(q, 'question', template.questions.find((x) => x.id === q.id)!.kind)),
      ...(r.admission?.digits ?? []).map((d) => group(d, 'admission', 'single')),
    ],
    absent: r.absent ? { dark: r.absent.darkness, meant: truth.absent.marked, expect: truth.absent.expect, kind: truth.absent.kind } : null,
  };
}
