import type { TStorefrontProductCard } from '@linkstore/contract';
import { IMAGE_SIZES, srcSetOf } from '../images';
import { useShownPrices } from '../shown-tax';
import { shopHref, useStorefront } from '../storefront-context';
import { Stars } from './stars';
import { WasPrice } from './was-price';

/** A product in the grid: the whole card is one link to its page. */
export function ProductCard({ product }: { product: TStorefrontProductCard }) {
  const { basePath, price, t, events } = useStorefront();
  const { shown, label } = useShownPrices();
  const priceText = price(shown(product.priceMinor));
  return (
    <li className="sf-card">
      <a href={shopHref(basePath, `/p/${product.id}`)} onClick={() => events?.record('click', product.id)}>
        {/* The title is the link's name; the image would only repeat it. */}
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            srcSet={srcSetOf(product.imageUrl)}
            sizes={srcSetOf(product.imageUrl) ? IMAGE_SIZES.card : undefined}
            alt=""
            width={300}
            height={300}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="sf-card-noimage" aria-hidden="true" />
        )}
        <span className="sf-card-title">{product.title}</span>
      </a>
      <span className="sf-price">
        {product.priceVaries ? t('variant.from', { price: priceText }) : priceText}
        <WasPrice minor={product.compareAtMinor === null ? null : shown(product.compareAtMinor)} />
        {label && <span className="sf-tax-label"> {label}</span>}
      </span>
      <Stars tenths={product.ratingTenths} count={product.reviewCount} />
      {!product.inStock && <span className="sf-badge sf-badge-muted">{t('product.outOfStock')}</span>}
    </li>
  );
}
