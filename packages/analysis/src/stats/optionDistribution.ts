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
 * Running tally of marks for one objective item (feed masks one by one, then read the distribution);
 * `optionDistribution` is this over an array. Cost O(1) per mark.
 */
export class OptionTally {
  readonly oneMark = new Int32Array(26);
  readonly marked = new Int32Array(26);
  n = 0;
  blank = 0;
  multiple = 0;
  keyMarked = 0;
  private seen: number;
  constructor(readonly key: number) {
    this.seen = key | 0;
  }

  add(raw: number): void {
    this.addMany(raw, 1);
  }

  /** `times` students marked `raw` (lets callers histogram masks first). */
  addMany(raw: number, times: number): void {
    if (!(times > 0)) return;
    this.n += times;
    const m = Number.isInteger(raw) && raw > 0 ? raw & 0x3ffffff : 0;
    if (m === 0) {
      this.blank += times;
      return;
    }
    this.seen |= m;
    if (m === this.key) this.keyMarked += times;
    if ((m & (m - 1)) === 0) {
      const k = 31 - Math.clz32(m);
      this.oneMark[k] += times;
      this.marked[k] += times;
    } else {
      this.multiple += times;
      for (let k = 0; k < 26; k++) if (m & (1 << k)) this.marked[k] += times;
    }
  }

  result(optionCount?: number): OptionDistribution {
    const n = this.n;
    const highest = this.seen === 0 ? 0 : 32 - Math.clz32(this.seen);
    const count = Math.min(26, Math.max(optionCount ?? 4, highest));
    const share = (c: number) => (n > 0 ? c / n : null);
    const options: OptionShare[] = [];
    for (let k = 0; k < count; k++) {
      options.push({ option: String.fromCharCode(65 + k), count: this.oneMark[k], share: share(this.oneMark[k]), marked: this.marked[k], markedShare: share(this.marked[k]), correct: (this.key & (1 << k)) !== 0 });
    }
    return {
      n,
      options,
      blank: { count: this.blank, share: share(this.blank) },
      multiple: { count: this.multiple, share: share(this.multiple) },
      keyMarked: { count: this.keyMarked, share: share(this.keyMarked) },
    };
  }
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
  const tally = new OptionTally(key);
  for (let i = 0; i < choices.length; i++) tally.add(choices[i]);
  return tally.result(optionCount);
}
