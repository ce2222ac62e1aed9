/** A read-only list of numbers: a plain array or any typed array. */
export type Numbers = ArrayLike<number>;

/** True when every entry is a finite number (the stats below answer null otherwise). Cost O(n). */
export function allFinite(xs: Numbers): boolean {
  for (let i = 0; i < xs.length; i++) if (!Number.isFinite(xs[i])) return false;
  return true;
}

/** Half-up rounding to an integer that absorbs binary noise (85.49999999999 from 85.5 rounds to 86). */
export function roundHalfUp(x: number): number {
  const r = Math.round(x + (x >= 0 ? 1e-9 : -1e-9));
  return Object.is(r, -0) ? 0 : r;
}
