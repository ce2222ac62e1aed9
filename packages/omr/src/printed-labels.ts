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
 * Darkness with each value's own empty level brought to the common one (the lightest value's). `families` are
 * lists of groups (the questions, the 考号 columns) with their darkness, one number per bubble; the levels are
 * learnt over all of them together, so that every empty bubble of the sheet ends at one level.
 */
export function flattenPrintedLabels(families: { groups: BubbleGroup[]; dark: number[][] }[]): number[][][] {
  const byValue = new Map<string, number[]>();
  for (const { groups, dark } of families) {
    groups.forEach((g, i) => g.bubbles.forEach((b, k) => {
      const list = byValue.get(b.value) ?? [];
      list.push(dark[i][k]);
      byValue.set(b.value, list);
    }));
  }
  const levels = new Map<string, number>();
  for (const [value, list] of byValue) if (list.length >= MIN_SAMPLES) levels.set(value, quantile(list, QUANTILE));
  if (levels.size < 2) return families.map((f) => f.dark);
  const common = Math.min(...levels.values());
  return families.map(({ groups, dark }) => groups.map((g, i) => g.bubbles.map((b, k) => {
    const level = levels.get(b.value);
    if (level === undefined) return dark[i][k];
    return Math.max(0, dark[i][k] - Math.min(MAX_SHIFT, level - common));
  })));
}
