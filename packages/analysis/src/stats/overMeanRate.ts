/**
 * 超均率 = (unit mean − reference mean) ÷ reference mean (a class against its grade, a school against the
 * joint exam). Positive = above the reference. Cost O(1).
 * Either mean null/non-finite, or reference mean 0 → null.
 *
 * @example overMeanRate(88, 80) // 0.1
 */
export function overMeanRate(unitMean: number | null, referenceMean: number | null): number | null {
  if (unitMean === null || referenceMean === null || !Number.isFinite(unitMean) || !Number.isFinite(referenceMean) || referenceMean === 0) return null;
  return (unitMean - referenceMean) / referenceMean;
}
