import { formatMoney, lowestFreeShippingThreshold, type TLanguage } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { listShippingZonesForInfo } from '../shipping/shipping.api';
import { listSellableProducts, priceInShop } from './products-in-shop';
import type { ShopRow } from './shops.repository';

/**
 * Refuses a free-shipping threshold at which an order could not pay its cheapest shipping from
 * its profit (decision 0056): the threshold × the lowest profit/price ratio of the products the
 * shop sells now must reach the dearest first-item price among the zones' cheapest methods. The
 * field error names the lowest threshold that works, or the product sold at its cost when none
 * does. With no zone at all (shipping free everywhere) any threshold is fine.
 */
export async function assertFreeShippingPays(
  db: AppDatabase,
  shop: ShopRow,
  thresholdMinor: number,
  lang: TLanguage,
): Promise<void> {
  const [zones, sellable] = await Promise.all([
    listShippingZonesForInfo(db),
    listSellableProducts(db, shop.id, { lang }),
  ]);
  const priced = sellable.map((product) => ({ product, price: priceInShop(product, shop) }));
  const lowest = lowestFreeShippingThreshold(
    zones.map((zone) => zone.methods),
    priced.map(({ price }) => ({ sellingMinor: price.sellingMinor, costMinor: price.costMinor })),
  );
  if (lowest !== null && thresholdMinor >= lowest) return;
  if (lowest === null) {
    const atCost = priced.find(({ price }) => price.sellingMinor <= price.costMinor);
    throw AppError.field('freeShippingOverMinor', 'shops.freeShipping.atCost', {
      product: atCost?.product.title ?? '',
    });
  }
  throw AppError.field('freeShippingOverMinor', 'shops.freeShipping.tooLow', {
    lowest: formatMoney(lowest, 'USD', lang),
  });
}
