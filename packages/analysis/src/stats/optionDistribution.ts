import type { Numbers } from './types.js';

/**
 * Marked options are bit masks: A = 1, B = 2, C = 4, … (letter k = bit k), blank = 0, 'AC' = 5.
 * Letters are case-insensitive; anything else in the text is ignored. Up to 26 options.
 *
 * @example encodeChoice('AC') // 5
 */
export function encodeChoice(text: string | null | undefined): number {
  if (!text) return 0;
  let m = 0;
  for (const ch of text.toUpperCase()) {
    const k = ch.charCodeAt(0) - 65;
    if (k >= 0 && k < 26) m |= 1 << k;
  }
  return m;
}

/** Letters of a mask, in order. @example decodeChoice(5) // 'AC' */
export function decodeChoice(mask: number): string {
  let s = '';
  for (let k = 0; k < 26; k++) if (mask & (1 << k)) s += String.fromCharCode(65 + k);
  return s;
}

export interface OptionShare {
  option: string;
  /** Students whose only mark is this option. */
  count: number;
  share: number | null;
  /** Students whose marks include this option (alone or with others). */
  marked: number;
  markedShare: number | null;
  /** The option is part of the key (to highlight). */
  correct: boolean;
}

export interface OptionDistribution {
  n: number;
  options: OptionShare[];
  blank: { count: number; share: number | null };
  /** Two or more marks (an error on single-choice/true-false, normal on multiple-choice). */
  multiple: { count: number; share: number | null };
  /** Marks equal to the key exactly. */
  keyMarked: { count: number; share: number | null };
}

/**
 * Option distribution of an objective item over n students: per option the students marking only it and
 * those marking it at all, blanks, multiple marks and exact key matches, each with its share of n.
 * `optionCount` defaults to 4 or the highest option seen (key included). For single-choice items
 * Σ count + blank + multiple = n. Cost O(n). n = 0 → counts 0, shares null. Non-integer masks count as blank.
 *
 * @example optionDistribution([1, 1, 2, 0, 3], encodeChoice('A')).options[0] // A: count 2, marked 3
 */
export function optionDistribution(choices: Numbers, key: number, optionCount?: number): OptionDistribution {
  const n = choices.length;
  const oneMark = new Int32Array(26);
  const marked = new Int32Array(26);
  let blank = 0;
  let multiple = 0;
  let keyMarked = 0;
  let seen = key | 0;
  for (let i = 0; i < n; i++) {
    const raw = choices[i];
    const m = Number.isInteger(raw) && raw > 0 ? raw & 0x3ffffff : 0;
    if (m === 0) {
      blank++;
      continue;
    }
    seen |= m;
    if (m === key) keyMarked++;
    if ((m & (m - 1)) === 0) {
      oneMark[31 - Math.clz32(m)]++;
      marked[31 - Math.clz32(m)]++;
    } else {
      multiple++;
      for (let k = 0; k < 26; k++) if (m & (1 << k)) marked[k]++;
    }
  }
  const highest = seen === 0 ? 0 : 32 - Math.clz32(seen);
  const count = Math.min(26, Math.max(optionCount ?? 4, highest));
  const share = (c: number) => (n > 0 ? c / n : null);
  const options: OptionShare[] = [];
  for (let k = 0; k < count; k++) {
    options.push({ option: String.fromCharCode(65 + k), count: oneMark[k], share: share(oneMark[k]), marked: marked[k], markedShare: share(marked[k]), correct: (key & (1 << k)) !== 0 });
  }
  return { n, options, blank: { count: blank, share: share(blank) }, multiple: { count: multiple, share: share(multiple) }, keyMarked: { count: keyMarked, share: share(keyMarked) } };
}
