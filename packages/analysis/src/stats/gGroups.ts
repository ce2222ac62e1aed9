/**
 * G-groups: students sorted by total (best first) split into `groups` (default 10) groups of ⌈N/groups⌉;
 * the last non-empty group takes the rest. Returns each group's size (some trailing groups may be empty:
 * N = 11 → sizes 2,2,2,2,2,1,0,0,0,0). Ties across a boundary are split by position (the order's tie-break).
 * Cost O(groups). N ≤ 0 → all zero.
 *
 * @example gGroupSizes(25) // [3, 3, 3, 3, 3, 3, 3, 3, 1, 0]
 */
export function gGroupSizes(n: number, groups = 10): number[] {
  const g = Math.max(1, Math.floor(groups));
  const sizes = new Array<number>(g).fill(0);
  if (!(n > 0)) return sizes;
  const size = Math.ceil(n / g);
  let left = Math.floor(n);
  for (let k = 0; k < g && left > 0; k++) {
    sizes[k] = Math.min(size, left);
    left -= sizes[k];
  }
  return sizes;
}

/**
 * The G-group (0-based: 0 = G1) of the student at 0-based `position` in the order, for N students.
 * Cost O(1). Position outside 0..N−1 → −1.
 *
 * @example gGroupOf(0, 25) // 0 (G1)
 * @example gGroupOf(24, 25) // 8 (G9)
 */
export function gGroupOf(position: number, n: number, groups = 10): number {
  if (!(position >= 0 && position < n)) return -1;
  const size = Math.ceil(n / Math.max(1, Math.floor(groups)));
  return Math.floor(position / size);
}
