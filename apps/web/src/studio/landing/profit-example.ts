import { applyPercentage, DEFAULT_PERCENTAGE, priceProduct, type TRounding } from '@linkstore/contract';

/** The platform cost of the product the landing page prices (US cents): an everyday item. */
export const EXAMPLE_COST_MINOR = 1240;
/** The rounding the example shows; a shop starts without one and picks it on its price page. */
export const EXAMPLE_ROUNDING: TRounding = '99';

export interface TProfitExample {
  costMinor: number;
  percentage: number;
  /** Cost × percentage, before rounding. */
  beforeRoundingMinor: number;
  sellingMinor: number;
  profitMinor: number;
}

/** A new shop's price for a product, by the pricing rule the studio and the server use. */
export function profitExample(costMinor = EXAMPLE_COST_MINOR): TProfitExample {
  const price = priceProduct(costMinor, {
    defaultPercentage: DEFAULT_PERCENTAGE,
    rounding: EXAMPLE_ROUNDING,
  });
  const percentage = price.percentage ?? DEFAULT_PERCENTAGE;
  return {
    costMinor,
    percentage,
    beforeRoundingMinor: applyPercentage(costMinor, percentage),
    sellingMinor: price.sellingMinor,
    profitMinor: price.profitMinor,
  };
}
