/**
 * Generic grouping: the one mechanism behind every "per class", "per school" (joint exams) and "per
 * registration type" table. A dimension is just a key function over students.
 */
export interface Grouping<K extends string = string> {
  /** Distinct keys in first-seen order. */
  keys: K[];
  /** groupOf[i] = index into keys of item i (−1 when the key function gave null/undefined). */
  groupOf: Int32Array;
  /** sizes[g] = number of items in group g. */
  sizes: Int32Array;
}

/**
 * Groups `count` items by `keyOf(i)`. Cost O(count). Items with a null/undefined key are left out (−1).
 *
 * @example groupBy(3, (i) => ['a', 'b', 'a'][i]) // keys ['a', 'b'], groupOf [0, 1, 0], sizes [2, 1]
 */
export function groupBy<K extends string>(count: number, keyOf: (i: number) => K | null | undefined): Grouping<K> {
  const index = new Map<K, number>();
  const keys: K[] = [];
  const groupOf = new Int32Array(count);
  const counts: number[] = [];
  for (let i = 0; i < count; i++) {
    const k = keyOf(i);
    if (k === null || k === undefined) {
      groupOf[i] = -1;
      continue;
    }
    let g = index.get(k);
    if (g === undefined) {
      g = keys.length;
      index.set(k, g);
      keys.push(k);
      counts.push(0);
    }
    groupOf[i] = g;
    counts[g]++;
  }
  return { keys, groupOf, sizes: Int32Array.from(counts) };
}

/** Members of each group, keeping the order of `order`: members[offsets[g] .. offsets[g+1]). */
export interface Partition {
  offsets: Int32Array;
  members: Int32Array;
}

/**
 * Splits an ordered list of item indices by group, preserving order inside each group (a stable counting
 * sort). Cost O(n + groups). Items of group −1 are dropped.
 *
 * @example partition([2, 0, 1], Int32Array.of(0, 1, 0), 2) // offsets [0, 2, 3], members [2, 0, 1]
 */
export function partition(order: ArrayLike<number>, groupOf: ArrayLike<number>, groupCount: number): Partition {
  const offsets = new Int32Array(groupCount + 1);
  for (let k = 0; k < order.length; k++) {
    const g = groupOf[order[k]];
    if (g >= 0) offsets[g + 1]++;
  }
  for (let g = 0; g < groupCount; g++) offsets[g + 1] += offsets[g];
  const fill = offsets.slice(0, groupCount);
  const members = new Int32Array(offsets[groupCount]);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const g = groupOf[i];
    if (g >= 0) members[fill[g]++] = i;
  }
  return { offsets, members };
}
