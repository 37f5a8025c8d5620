import { applyPercentage, DEFAULT_PERCENTAGE, priceProduct, type TRounding } from '@linkstore/contract';

/** The platform cost of the product the landing page prices (US cents): an everyday item. */
export const EXAMPLE_COST_CENTS = 1240;
/** The rounding the example shows; a shop starts without one and picks it on its price page. */
export const EXAMPLE_ROUNDING: TRounding = '99';

export interface TProfitExample {
  costCents: number;
  percentage: number;
  /** Cost × percentage, before rounding. */
  beforeRoundingCents: number;
  sellingCents: number;
  profitCents: number;
}

/** A new shop's price for a product, by the pricing rule the studio and the server use. */
export function profitExample(costCents = EXAMPLE_COST_CENTS): TProfitExample {
  const price = priceProduct(costCents, {
    defaultPercentage: DEFAULT_PERCENTAGE,
    rounding: EXAMPLE_ROUNDING,
  });
  const percentage = price.percentage ?? DEFAULT_PERCENTAGE;
  return {
    costCents,
    percentage,
    beforeRoundingCents: applyPercentage(costCents, percentage),
    sellingCents: price.sellingCents,
    profitCents: price.profitCents,
  };
}
