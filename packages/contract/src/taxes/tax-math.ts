// Zod-free, so the storefront and checkout can use it without pulling zod in (decision 0021).

/** Rates are integer millionths: 19 % = 190000, 8.875 % = 88750; 100 % = 1000000. */
export const RATE_MICROS_ONE = 1_000_000;
const MICROS_PER_PERCENT = 10_000;
const HALF = RATE_MICROS_ONE / 2;

function assertRate(rateMicros: number): void {
  if (!Number.isInteger(rateMicros) || rateMicros < 0 || rateMicros > RATE_MICROS_ONE) {
    throw new RangeError(`tax rate must be integer micros in 0..${RATE_MICROS_ONE}: ${rateMicros}`);
  }
}

/**
 * The tax of one line (or of the shipping, taxed as its own line): round-half-up of
 * `netMinor × rateMicros / 1,000,000`, in integers only. Tax is computed per line, never on the
 * order's sum, so each order line can store its own and a refund of a line returns exactly it.
 * Prices are net of tax: the creator's profit never depends on the buyer's country.
 */
export function taxOf(netMinor: number, rateMicros: number): number {
  if (!Number.isSafeInteger(netMinor) || netMinor < 0) {
    throw new RangeError(`net amount must be a non-negative integer of minor units: ${netMinor}`);
  }
  assertRate(rateMicros);
  const product = netMinor * rateMicros;
  // Exact as a double up to 2^53 (every line up to 9 billion units at 100 %); beyond, BigInt.
  if (!Number.isSafeInteger(product)) {
    return Number((BigInt(netMinor) * BigInt(rateMicros) + BigInt(HALF)) / BigInt(RATE_MICROS_ONE));
  }
  const remainder = product % RATE_MICROS_ONE;
  return (product - remainder) / RATE_MICROS_ONE + (remainder >= HALF ? 1 : 0);
}

/**
 * Net plus its tax: the price shown where prices are tax-inclusive (EU, UK, AU: "incl. VAT").
 * The same integers checkout charges, so the shown price and the charged one never differ.
 */
export function grossOf(netMinor: number, rateMicros: number): number {
  return netMinor + taxOf(netMinor, rateMicros);
}

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * `"19"` → 190000, `"8.875"` → 88750: a percentage typed as a decimal (at most four decimals,
 * 0 to 100) to integer micros, with string and integer math only. Null otherwise.
 */
export function parsePercentMicros(text: string): number | null {
  const match = PERCENT_PATTERN.exec(text.trim());
  if (!match?.[1]) return null;
  const micros = Number(match[1]) * MICROS_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
  return micros <= RATE_MICROS_ONE ? micros : null;
}

/** 190000 → `"19"`, 88750 → `"8.875"`: integer micros as the shortest exact percentage. */
export function formatPercentMicros(rateMicros: number): string {
  assertRate(rateMicros);
  const whole = Math.floor(rateMicros / MICROS_PER_PERCENT);
  const fraction = String(rateMicros % MICROS_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}
