/** Quality bands of a discrimination measure (docs/DOMAIN-RULES.md §3.5, after Ebel). */
export type DiscriminationQuality = '很好' | '良好' | '尚可需改进' | '差';

/**
 * Band of a discrimination value (D or corrected r): ≥ 0.4 很好, [0.3, 0.4) 良好, [0.2, 0.3) 尚可需改进,
 * < 0.2 差 (negative included). The bands are closed below on the unrounded value. null/NaN → null.
 *
 * @example discriminationQuality(0.35) // '良好'
 */
export function discriminationQuality(value: number | null | undefined): DiscriminationQuality | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (value >= 0.4) return '很好';
  if (value >= 0.3) return '良好';
  if (value >= 0.2) return '尚可需改进';
  return '差';
}
