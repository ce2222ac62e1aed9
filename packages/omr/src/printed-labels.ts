// Bubbles with their letter or digit printed inside (most third-party cards: OpenMCR, OMRChecker forms, ...)
// are not equally dark when empty: a 'B' or an '8' carries more ink than a 'C' or a '1'. With such a template
// (template.printedLabels) each value's empty level is learnt from the sheet itself — the lower part of the
// darkness of all bubbles carrying that value, most of which are empty — and taken out, so that every empty
// bubble reads at the sheet's common empty level and a mark stands out by the ink the student added.
import type { BubbleGroup } from './types.js';

/** A value needs this many bubbles on the sheet to learn its own empty level. */
const MIN_SAMPLES = 6;
/** Quantile of a value's darkness taken as its empty level: robust while up to ~2/3 of them are marked. */
const QUANTILE = 0.3;
/** A printed label never adds more than this much darkness (guards a sheet where one value is marked nearly everywhere). */
const MAX_SHIFT = 0.2;

const quantile = (v: number[], q: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/**
 * Darkness with each value's own empty level brought to the common one. `groups` and `dark` are parallel
 * (one darkness per bubble); groups that share values (all questions A–E, all 考号 columns 0–9) are handled
 * together, so call it once per family.
 */
export function flattenPrintedLabels(groups: BubbleGroup[], dark: number[][]): number[][] {
  const byValue = new Map<string, number[]>();
  groups.forEach((g, i) => g.bubbles.forEach((b, k) => {
    const list = byValue.get(b.value) ?? [];
    list.push(dark[i][k]);
    byValue.set(b.value, list);
  }));
  const levels = new Map<string, number>();
  for (const [value, list] of byValue) if (list.length >= MIN_SAMPLES) levels.set(value, quantile(list, QUANTILE));
  if (levels.size < 2) return dark;
  const common = Math.min(...levels.values());
  return groups.map((g, i) => g.bubbles.map((b, k) => {
    const level = levels.get(b.value);
    if (level === undefined) return dark[i][k];
    const shift = Math.min(MAX_SHIFT, level - common);
    return Math.max(0, dark[i][k] - shift);
  }));
}
