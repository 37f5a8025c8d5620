import type { TStorefrontCategory, TStorefrontProductCard } from '@linkstore/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { storefrontApi } from '../api';
import { ProductCard } from '../components/product-card';
import { useStorefront } from '../storefront-context';

/** The server's page of products (its first page, embedded, has as many). */
const PAGE_SIZE = 24;

interface TFilter {
  categoryId?: string;
  keywords?: string;
}

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
        <ShareButtons title={shop.name} />
      </section>
      <section className="sf-section" aria-label={t('shop.products')}>
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
            alt={banner.title}
            width={1200}
            height={400}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
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

/** Share (the phone's share sheet, else a copy) and copy link, each with spoken feedback. */
function ShareButtons({ title }: { title: string }) {
  const { t, events } = useStorefront();
  const [feedback, setFeedback] = useState('');
  const url = window.location.origin + window.location.pathname;

  const copy = async () => {
    events?.record('click');
    try {
      await navigator.clipboard.writeText(url);
      setFeedback(t('shop.copied'));
    } catch {
      setFeedback(t('shop.copyFailed', { url }));
    }
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    events?.record('click');
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed the share sheet: nothing to say.
    }
  };

  return (
    <div className="sf-share">
      <button type="button" className="sf-button" onClick={() => void share()}>
        {t('shop.share')}
      </button>
      <button type="button" className="sf-button sf-button-quiet" onClick={() => void copy()}>
        {t('shop.copyLink')}
      </button>
      <p className="sf-feedback" role="status">
        {feedback}
      </p>
    </div>
  );
}

/** Categories, search and the grid with "load more"; the first page comes with the shop. */
function ProductBrowser() {
  const { page, slug, t } = useStorefront();
  const [filter, setFilter] = useState<TFilter>({});
  const [products, setProducts] = useState<TStorefrontProductCard[]>(page?.products.list ?? []);
  const [total, setTotal] = useState(page?.products.total ?? 0);
  /** The last page shown: the next "load more" asks for the one after it. */
  const [pageNum, setPageNum] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  const load = (next: TFilter, append: boolean) => {
    if (!slug) return;
    const id = ++request.current;
    const wanted = append ? pageNum + 1 : 1;
    setLoading(true);
    setError(null);
    storefrontApi.products(slug, { pageNum: wanted, pageSize: PAGE_SIZE, ...next }).then(
      (answer) => {
        if (id !== request.current) return;
        setProducts((current) => (append ? appendNew(current, answer.list) : answer.list));
        setTotal(answer.total);
        setPageNum(wanted);
        setLoading(false);
      },
      () => {
        if (id !== request.current) return;
        setError(t('shop.loadFailed'));
        setLoading(false);
      },
    );
  };

  const applyFilter = (next: TFilter) => {
    setFilter(next);
    if (!next.categoryId && !next.keywords && page) {
      request.current += 1;
      setProducts(page.products.list);
      setTotal(page.products.total);
      setPageNum(1);
      setLoading(false);
      return;
    }
    load(next, false);
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('keywords') as HTMLInputElement;
    const keywords = input.value.trim().slice(0, 50);
    applyFilter({ ...filter, keywords: keywords || undefined });
  };

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
          maxLength={50}
          placeholder={t('shop.searchLabel')}
        />
        <button type="submit" className="sf-button">
          {t('shop.search')}
        </button>
      </form>
      <CategoryChips
        categories={page?.categories ?? []}
        selected={filter.categoryId}
        onSelect={(categoryId) => applyFilter({ ...filter, categoryId })}
      />
      {products.length === 0 && !loading && !error && <p className="sf-status">{t('shop.noProducts')}</p>}
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
        <button type="button" className="sf-button sf-button-wide" onClick={() => load(filter, true)}>
          {t('shop.loadMore')}
        </button>
      )}
    </>
  );
}

/** Products of `next` not already shown (a product added meanwhile shifts the pages). */
function appendNew(
  current: TStorefrontProductCard[],
  next: TStorefrontProductCard[],
): TStorefrontProductCard[] {
  const seen = new Set(current.map((p) => p.id));
  return [...current, ...next.filter((p) => !seen.has(p.id))];
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
