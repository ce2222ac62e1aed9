/**
 * Standard error of measurement of a paper: SEM = SD · √(1 − α), SD the sample standard deviation of the
 * paper scores and α its reliability (Cronbach's α). In score points: a student's observed score lies within
 * ±1 SEM of the true score about two times in three. α > 1 cannot occur; a negative α gives SEM > SD.
 * Cost O(1). Missing or non-finite SD or α, SD < 0 or α > 1 → null.
 *
 * @example standardErrorOfMeasurement(10, 0.84) // 10 · √0.16 = 4
 */
export function standardErrorOfMeasurement(sd: number | null | undefined, alpha: number | null | undefined): number | null {
  if (sd == null || alpha == null || !Number.isFinite(sd) || !Number.isFinite(alpha) || sd < 0 || alpha > 1) return null;
  return sd * Math.sqrt(1 - alpha);
}
