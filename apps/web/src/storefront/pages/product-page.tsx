import type { TStorefrontProductDetail, TStorefrontReview, TStorefrontVariant } from '@linkstore/contract';
import { useCallback, useEffect, useState } from 'react';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { ApiError, NOT_FOUND, storefrontApi } from '../api';
import { clampQuantity, maxQuantity } from '../cart';
import { ShareButton } from '../components/share-button';
import { SizeGuideButton } from '../components/size-guide';
import { Stars } from '../components/stars';
import { WasPrice } from '../components/was-price';
import { DeliveryEstimate } from '../components/delivery-estimate';
import { IMAGE_SIZES, srcSetOf } from '../images';
import { VariantPicker } from '../components/variant-picker';
import { replaceQuery, useRestoreScroll } from '../router';
import { useShownPrices } from '../shown-tax';
import { LoadError, Loading } from '../components/status';
import { shopHref, useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';
import { initialVariant, pick, variantOf } from '../variant-choice';

const REVIEWS_PAGE_SIZE = 10;

/** A product: gallery, price, rating, description, add to cart and reviews. */
export function ProductPage({ id, initial }: { id: string; initial: TStorefrontProductDetail | null }) {
  const { slug, t, events } = useStorefront();
  const fetchProduct = useCallback(() => storefrontApi.product(slug ?? '', id), [slug, id]);
  const { data: product, error, retry } = useLoad(fetchProduct, initial);
  useRestoreScroll(product !== null);
  useEffect(() => events?.record('view', id), [events, id]);

  if (error instanceof ApiError && error.code === NOT_FOUND) return <ProductNotFound />;
  if (error) return <LoadError message={t('product.loadFailed')} onRetry={retry} />;
  if (!product) return <Loading />;
  return <ProductView key={product.id} product={product} />;
}

/**
 * The product with the variant chosen: its price, photo and stock follow the choice, which is kept
 * in the address (`?variant=`) so a shared link, a reload and Back show the same one.
 */
function ProductView({ product }: { product: TStorefrontProductDetail }) {
  const { search } = useStorefront();
  const [chosen, setChosen] = useState<readonly string[]>(
    () => initialVariant(product, search())?.valueIds ?? [],
  );
  const variant = variantOf(product, chosen);
  const choose = (index: number, valueId: string) => {
    const next = pick(product, chosen, index, valueId);
    setChosen(next);
    replaceQuery({ variant: variantOf(product, next)?.id });
  };
  return (
    <article className="sf-product" aria-labelledby="sf-product-title">
      <Gallery product={product} variant={variant} />
      <div className="sf-section">
        <h1 id="sf-product-title">{product.title}</h1>
        <ProductPrice product={product} variant={variant} />
        {product.options.length > 0 && <VariantPicker product={product} chosen={chosen} onPick={choose} />}
        <SizeGuideButton categoryId={product.categoryId} />
        <AddToCart product={product} variant={variant} />
        <DeliveryEstimate
          productId={product.id}
          variantId={variant?.id}
          priceMinor={variant?.priceMinor ?? product.priceMinor}
        />
        <ShareButton title={product.title} productId={product.id} />
        <RichTextView doc={product.description} className="sf-rich" />
      </div>
      <Reviews product={product} />
    </article>
  );
}

/** A product this shop does not sell (any more): said plainly, with the way back to the shop. */
function ProductNotFound() {
  const { t, basePath } = useStorefront();
  return (
    <section className="sf-section">
      <h1>{t('product.notFound')}</h1>
      <p>{t('product.notFoundBody')}</p>
      <a className="sf-button" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}

/** The product's photos, the chosen variant's own one (a colour's) first. */
function Gallery({ product, variant }: { product: TStorefrontProductDetail; variant?: TStorefrontVariant }) {
  const { t } = useStorefront();
  const own = product.images.length > 0 ? product.images : product.imageUrl ? [product.imageUrl] : [];
  const images = variant?.imageUrl
    ? [variant.imageUrl, ...own.filter((src) => src !== variant.imageUrl)]
    : own;
  if (images.length === 0) return null;
  return (
    // It scrolls sideways: focusable, so the arrow keys can scroll it too.
    <ul className="sf-gallery" aria-label={t('product.images')} tabIndex={0}>
      {images.map((src, index) => (
        <li key={src}>
          <img
            src={src}
            srcSet={srcSetOf(src)}
            sizes={srcSetOf(src) ? IMAGE_SIZES.gallery : undefined}
            alt={t('product.imageAlt', { title: product.title, index: index + 1, total: images.length })}
            width={600}
            height={600}
            loading={index === 0 ? 'eager' : 'lazy'}
            // The first image is the largest paint: the server preloads it at this priority too.
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductPrice({
  product,
  variant,
}: {
  product: TStorefrontProductDetail;
  variant?: TStorefrontVariant;
}) {
  const { price, usd, currency, t } = useStorefront();
  // As buyers in the "Ship to" country see it ("incl. VAT"): what the checkout charges a unit.
  const { shown, label } = useShownPrices();
  const priceMinor = shown(variant?.priceMinor ?? product.priceMinor);
  const compareAtMinor = variant ? variant.compareAtMinor : product.compareAtMinor;
  return (
    <>
      {/* Read out when the choice changes it, with its "compare at" ("Was …"). */}
      <p className="sf-price sf-price-large" aria-live="polite">
        {price(priceMinor)}
        <WasPrice minor={compareAtMinor === null ? null : shown(compareAtMinor)} />
        {label && <span className="sf-tax-label"> {label}</span>}
      </p>
      {currency && currency.code !== 'USD' && (
        <p className="sf-muted">{t('money.approximate', { amount: usd(priceMinor) })}</p>
      )}
      <Stars tenths={product.ratingTenths} count={product.reviewCount} />
    </>
  );
}

/** At most this many units left: the page says how many. */
const FEW_LEFT = 5;

/** Quantity and "Add to cart" for the variant chosen, with a link to the cart once added. */
function AddToCart({
  product,
  variant,
}: {
  product: TStorefrontProductDetail;
  variant?: TStorefrontVariant;
}) {
  const { cart, t, events, basePath } = useStorefront();
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<{ text: string; added: boolean } | null>(null);
  const stock = variant?.stock ?? 0;
  if (!variant || stock === 0) {
    return (
      <p className="sf-badge sf-badge-muted" role="status">
        {product.options.length > 0 && variant ? t('variant.soldOutChoice') : t('product.outOfStock')}
      </p>
    );
  }
  const add = () => {
    if (!cart) return;
    const added = cart.add(
      {
        productId: product.id,
        variantId: variant.id,
        variantLabel: variant.label,
        title: product.title,
        imageUrl: variant.imageUrl ?? product.imageUrl,
        priceMinor: variant.priceMinor,
        stock,
      },
      Math.min(quantity, stock),
    );
    if (added) events?.record('cart', product.id);
    setMessage({ text: added ? t('product.added') : t('cart.full'), added });
  };
  return (
    <div className="sf-buy">
      {stock <= FEW_LEFT && (
        <p className="sf-few-left" role="status">
          {t('variant.fewLeft', { count: stock })}
        </p>
      )}
      <label htmlFor="sf-quantity">{t('cart.quantity')}</label>
      <input
        id="sf-quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantity(stock)}
        value={Math.min(quantity, maxQuantity(stock))}
        onChange={(event) => setQuantity(clampQuantity(Number(event.target.value), stock))}
      />
      <button type="button" className="sf-button sf-button-primary" onClick={add}>
        {t('product.addToCart')}
      </button>
      {/* The region stays put; its message shows at the bottom of the screen, where the buyer sees it. */}
      <div className="sf-toast-region" role="status">
        {message && (
          <div className="sf-toast">
            <span>{message.text}</span>
            {message.added && <a href={shopHref(basePath, '/cart')}>{t('product.viewCart')}</a>}
            <button type="button" aria-label={t('common.close')} onClick={() => setMessage(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The rating summary per star, then the reviews, newest first, ten at a time. */
function Reviews({ product }: { product: TStorefrontProductDetail }) {
  const { slug, t, locale } = useStorefront();
  const [reviews, setReviews] = useState<TStorefrontReview[]>(product.reviews.list);
  const [total, setTotal] = useState(product.reviews.total);
  /** The last page shown (the product page carries the first). */
  const [pageNum, setPageNum] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const most = Math.max(1, ...product.ratingCounts);

  const loadMore = () => {
    if (!slug) return;
    setLoading(true);
    setFailed(false);
    const wanted = pageNum + 1;
    storefrontApi.reviews(slug, product.id, { pageNum: wanted, pageSize: REVIEWS_PAGE_SIZE }).then(
      (answer) => {
        setReviews((current) => {
          const seen = new Set(current.map((r) => r.id));
          return [...current, ...answer.list.filter((r) => !seen.has(r.id))];
        });
        setTotal(answer.total);
        setPageNum(wanted);
        setLoading(false);
      },
      () => {
        setFailed(true);
        setLoading(false);
      },
    );
  };

  return (
    <section className="sf-section" aria-labelledby="sf-reviews-title">
      <h2 id="sf-reviews-title">{t('reviews.title', { count: product.reviewCount })}</h2>
      <ul className="sf-histogram">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = product.ratingCounts[stars - 1] ?? 0;
          return (
            <li key={stars}>
              <span>{t('reviews.stars', { count: stars })}</span>
              <span className="sf-bar" aria-hidden="true">
                <span style={{ width: `${Math.round((count / most) * 100)}%` }} />
              </span>
              <span>{count}</span>
            </li>
          );
        })}
      </ul>
      {reviews.length === 0 && <p className="sf-muted">{t('reviews.none')}</p>}
      <ul className="sf-reviews">
        {reviews.map((review) => (
          <li key={review.id}>
            <p className="sf-review-head">
              <strong>{review.authorName}</strong> <Stars tenths={review.rating * 10} />{' '}
              {review.verified && <span className="sf-badge">{t('reviews.verified')}</span>}
            </p>
            {review.boughtVariant && (
              <p className="sf-muted">{t('reviews.boughtVariant', { variant: review.boughtVariant })}</p>
            )}
            <p className="sf-review-body">{review.body}</p>
            <p className="sf-muted">
              <time dateTime={review.createdAt}>
                {/* In UTC: the server's HTML and the buyer's browser show the same day. */}
                {new Date(review.createdAt).toLocaleDateString(locale, { timeZone: 'UTC' })}
              </time>
            </p>
          </li>
        ))}
      </ul>
      {failed && (
        <p className="sf-error" role="alert">
          {t('reviews.loadFailed')}
        </p>
      )}
      {reviews.length < total && (
        <button type="button" className="sf-button sf-button-wide" disabled={loading} onClick={loadMore}>
          {loading ? t('common.loading') : t('reviews.loadMore')}
        </button>
      )}
    </section>
  );
}
