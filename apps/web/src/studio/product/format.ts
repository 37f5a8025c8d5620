/** Basis points as a percentage with two decimals, integer math only (1234 → "12.34%"). */
export function formatBasisPoints(basisPoints: number | null): string {
  if (basisPoints === null) return '—';
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = String(Math.abs(basisPoints % 100)).padStart(2, '0');
  return `${whole}.${hundredths}%`;
}

/** Tenths of a star as one decimal (43 → "4.3"); null before the first review. */
export function formatRating(tenths: number | null): string | null {
  if (tenths === null) return null;
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

/** Tenths of a star rounded to the half star antd's Rate can draw (43 → 4.5, 42 → 4). */
export function ratingToHalfStars(tenths: number): number {
  return Math.round(tenths / 5) / 2;
}
