import type { TStorefrontCategory } from '@linkstore/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { storefrontApi } from '../api';
import { LinkedCodeNotice } from '../components/linked-code-notice';
import { ProductCard } from '../components/product-card';
import { ShareButton } from '../components/share-button';
import { IMAGE_SIZES, srcSetOf } from '../images';
import { replaceQuery, useRestoreScroll } from '../router';
import {
  appendNew,
  listAt,
  loadList,
  MAX_KEYWORDS,
  PAGE_SIZE,
  placeParams,
  readPlace,
  rememberList,
  type TPlace,
  type TShownList,
} from '../shop-place';
import { useStorefront } from '../storefront-context';

/** The shop: banners, who sells, share, categories, search and the product grid. */
export function ShopPage() {
  const { page, events, t } = useStorefront();
  useEffect(() => events?.record('view'), [events]);
  if (!page) return null;
  const { shop } = page;
  return (
    <>
      <Banners />
      <section className="sf-section sf-shop-head" aria-labelledby="sf-shop-name">
        {shop.imageUrl && <img className="sf-avatar" src={shop.imageUrl} alt="" width={64} height={64} />}
        <div>
          <h1 id="sf-shop-name">{shop.name}</h1>
          {shop.description && <p className="sf-description">{shop.description}</p>}
        </div>
        <ShareButton title={shop.name} withCopy />
      </section>
      <section className="sf-section" aria-label={t('shop.products')}>
        <LinkedCodeNotice />
        <ProductBrowser />
      </section>
    </>
  );
}

/** The shop's banners, swiped sideways (scroll snap, no script); the single banner image else. */
function Banners() {
  const { page, t } = useStorefront();
  const shop = page?.shop;
  if (!shop) return null;
  const banners =
    shop.banners.length > 0
      ? shop.banners
      : shop.bannerUrl
        ? [{ imageUrl: shop.bannerUrl, linkUrl: null, title: '' }]
        : [];
  if (banners.length === 0) return null;
  return (
    // It scrolls sideways: focusable, so the arrow keys can scroll it too.
    <ul className="sf-banners" aria-label={t('shop.banners')} tabIndex={0}>
      {banners.map((banner, index) => {
        const image = (
          <img
            src={banner.imageUrl}
            srcSet={srcSetOf(banner.imageUrl)}
            sizes={srcSetOf(banner.imageUrl) ? IMAGE_SIZES.banner : undefined}
            alt={banner.title}
            width={1200}
            height={400}
            loading={index === 0 ? 'eager' : 'lazy'}
            // The first banner is the largest paint: the server preloads it at this priority too.
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
          />
        );
        return (
          <li key={`${banner.imageUrl}-${index}`}>
            {banner.linkUrl ? (
              <a href={banner.linkUrl} rel="noopener noreferrer">
                {image}
              </a>
            ) : (
              image
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Categories, search and the grid with "Show more"; the first page comes with the shop. Where the
 * buyer is (search, category, pages shown) is kept in the URL and the list in memory, so Back
 * from a product shows the same list at the same scroll position.
 */
function ProductBrowser() {
  const { page, slug, t, search } = useStorefront();
  const firstPage = page?.products ?? null;
  const [list, setList] = useState<TShownList>(() => {
    const place = readPlace(search());
    return (slug ? listAt(slug, place, firstPage) : null) ?? { place, products: [], total: 0 };
  });
  const [loading, setLoading] = useState(() => slug !== null && !listAt(slug, list.place, firstPage));
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const { place, products, total } = list;
  useRestoreScroll(!loading);

  const show = (next: TShownList) => {
    setList(next);
    if (slug) rememberList(slug, next);
    replaceQuery(placeParams(next.place));
  };

  const fetchPage = (wanted: TPlace) => (pageNum: number) =>
    storefrontApi.products(slug ?? '', {
      pageNum,
      pageSize: PAGE_SIZE,
      categoryId: wanted.categoryId,
      keywords: wanted.keywords,
    });

  /** Shows `wanted`: one more page appended to the list shown, or all its pages loaded afresh. */
  const load = (wanted: TPlace, append: boolean) => {
    if (!slug) return;
    const id = ++request.current;
    setLoading(true);
    setError(null);
    const answer = append
      ? fetchPage(wanted)(wanted.pages).then((next) => ({
          place: wanted,
          products: appendNew(products, next.list),
          total: next.total,
        }))
      : loadList(wanted, firstPage, fetchPage(wanted));
    answer.then(
      (next) => {
        if (id !== request.current || left.current) return;
        show(next);
        setLoading(false);
      },
      () => {
        if (id !== request.current || left.current) return;
        setError(t('shop.loadFailed'));
        setLoading(false);
      },
    );
  };

  // Leaving the page drops the answers still on their way: a late one would write its search
  // into the address of the page the buyer went on to (a product's), and show a list no one sees.
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);

  // A place the page does not have at hand (a reload, a shared link): its pages, once.
  const loadAtStart = useRef(loading);
  useEffect(() => {
    if (!loadAtStart.current) return;
    loadAtStart.current = false;
    load(place, false);
  });

  const applyFilter = (next: Omit<TPlace, 'pages'>) => {
    const wanted = { ...next, pages: 1 };
    const ready = slug && !next.keywords && !next.categoryId ? listAt(slug, wanted, firstPage) : null;
    if (ready) {
      request.current += 1;
      show(ready);
      setLoading(false);
      setError(null);
      return;
    }
    load(wanted, false);
  };

  // A search covers the whole shop; a category chosen afterwards narrows it.
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('keywords') as HTMLInputElement;
    const keywords = input.value.trim().slice(0, MAX_KEYWORDS);
    applyFilter(keywords ? { keywords } : {});
  };

  const category = place.categoryId ? findCategory(page?.categories ?? [], place.categoryId) : undefined;
  const found =
    !place.keywords || loading || error
      ? ''
      : category
        ? t('shop.foundIn', { count: total, category: category.name })
        : t('shop.found', { count: total });
  return (
    <>
      <form className="sf-search" role="search" onSubmit={onSearch}>
        <label htmlFor="sf-keywords" className="sf-visually-hidden">
          {t('shop.searchLabel')}
        </label>
        <input
          id="sf-keywords"
          name="keywords"
          type="search"
          maxLength={MAX_KEYWORDS}
          defaultValue={place.keywords ?? ''}
          placeholder={t('shop.searchLabel')}
        />
        <button type="submit" className="sf-button">
          {t('shop.search')}
        </button>
      </form>
      <CategoryChips
        categories={page?.categories ?? []}
        selected={place.categoryId}
        onSelect={(categoryId) =>
          applyFilter({
            ...(place.keywords ? { keywords: place.keywords } : {}),
            ...(categoryId ? { categoryId } : {}),
          })
        }
      />
      {/* Always there, so a screen reader hears each new count. */}
      <p className="sf-found" role="status">
        {found}
      </p>
      {products.length === 0 && !loading && !error && !place.keywords && (
        <p className="sf-status">{t('shop.noProducts')}</p>
      )}
      <ul className="sf-grid" aria-busy={loading}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      {error && (
        <p className="sf-error" role="alert">
          {error}
        </p>
      )}
      {loading && (
        <p className="sf-status" role="status">
          {t('common.loading')}
        </p>
      )}
      {!loading && products.length < total && (
        <button
          type="button"
          className="sf-button sf-button-wide"
          onClick={() => load({ ...place, pages: place.pages + 1 }, true)}
        >
          {t('shop.loadMore')}
        </button>
      )}
    </>
  );
}

/** A first- or second-level category by id. */
function findCategory(categories: TStorefrontCategory[], id: string): TStorefrontCategory | undefined {
  for (const category of categories) {
    if (category.id === id) return category;
    const child = category.children.find((c) => c.id === id);
    if (child) return child;
  }
  return undefined;
}

/** "All" and the first-level categories; a chosen one with subcategories shows them below. */
function CategoryChips({
  categories,
  selected,
  onSelect,
}: {
  categories: TStorefrontCategory[];
  selected: string | undefined;
  onSelect: (categoryId: string | undefined) => void;
}) {
  const { t } = useStorefront();
  if (categories.length === 0) return null;
  const parent = categories.find(
    (c) => c.id === selected || c.children.some((child) => child.id === selected),
  );
  const chip = (id: string | undefined, name: string, pressed: boolean) => (
    <li key={id ?? 'all'}>
      <button type="button" className="sf-chip" aria-pressed={pressed} onClick={() => onSelect(id)}>
        {name}
      </button>
    </li>
  );
  return (
    <nav aria-label={t('shop.categories')}>
      <ul className="sf-chips">
        {chip(undefined, t('shop.all'), selected === undefined)}
        {categories.map((c) => chip(c.id, c.name, c.id === parent?.id))}
      </ul>
      {parent && parent.children.length > 0 && (
        <ul className="sf-chips sf-chips-sub">
          {chip(parent.id, t('shop.allOf', { name: parent.name }), parent.id === selected)}
          {parent.children.map((c) => chip(c.id, c.name, c.id === selected))}
        </ul>
      )}
    </nav>
  );
}
