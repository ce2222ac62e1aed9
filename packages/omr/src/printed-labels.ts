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

/** Neighbours (nearest bubbles by centre) whose lower part (QUANTILE) is a bubble's local empty level. */
const LOCAL_NEIGHBOURS = 24;
/** The local level never moves a bubble more than this: a region is shaded, not printed differently. */
const MAX_LOCAL_SHIFT = 0.15;

/**
 * Darkness with the shading of the page taken out, region by region: a photocopy or an uneven scan greys whole
 * regions (OMRChecker's UmarFarootAPS: empty bubbles at 0.35–0.43 in one corner, 0.5–0.59 in another), which
 * widens the sheet's empty cluster and puts clear marks of the light regions in the near-threshold band. Each
 * bubble is measured against the lower part of its LOCAL_NEIGHBOURS nearest bubbles — mostly empty whatever is
 * marked, as a question has one mark among its options — and brought to the sheet's common level. `dark`: the
 * questions' then the 考号 columns' darkness, as flattenPrintedLabels returns them.
 */
export function flattenLocalBackground(questions: BubbleGroup[], digits: BubbleGroup[], dark: number[][][]): number[][][] {
  const centres = [...questions, ...digits].flatMap((g) => g.bubbles.map((b) => [b.x + b.w / 2, b.y + b.h / 2] as const));
  const flat = dark.flat(2);
  if (flat.length < 4 * LOCAL_NEIGHBOURS) return dark;
  const common = quantile(flat, QUANTILE);
  const shift = centres.map(([x, y]) => Math.max(-MAX_LOCAL_SHIFT, Math.min(MAX_LOCAL_SHIFT, quantile(nearest(centres, x, y, flat), QUANTILE) - common)));
  let n = 0;
  return dark.map((family) => family.map((row) => row.map((d) => Math.min(1, Math.max(0, d - shift[n++])))));
}

/** Darkness of the LOCAL_NEIGHBOURS + 1 bubbles nearest (x, y), the bubble itself included (insertion into a short list). */
function nearest(centres: (readonly [number, number])[], x: number, y: number, dark: number[]): number[] {
  const k = LOCAL_NEIGHBOURS + 1;
  const dist: number[] = [];
  const near: number[] = [];
  for (let i = 0; i < centres.length; i++) {
    const r = (centres[i]![0] - x) ** 2 + (centres[i]![1] - y) ** 2;
    if (dist.length === k && r >= dist[k - 1]!) continue;
    let j = Math.min(dist.length, k - 1);
    while (j > 0 && dist[j - 1]! > r) { dist[j] = dist[j - 1]!; near[j] = near[j - 1]!; j--; }
    dist[j] = r;
    near[j] = dark[i]!;
  }
  return near;
}
