import { discountCodeFor, useKeptCode } from '../discount-code';
import { useStorefront } from '../storefront-context';

/** "Code SPRING20 will be applied at checkout", on the shop and cart pages until the buyer hides it. */
export function DiscountNotice() {
  const { slug } = useStorefront();
  return slug ? <Notice slug={slug} /> : null;
}

function Notice({ slug }: { slug: string }) {
  const { t } = useStorefront();
  const store = discountCodeFor(slug);
  const kept = useKeptCode(store);
  if (!kept || kept.dismissed) return null;
  return (
    <div className="sf-notice sf-search">
      <span>{t('discount.notice', { code: kept.code })}</span>
      <button type="button" className="sf-link-button" onClick={store.dismiss}>
        {t('discount.dismiss')}
      </button>
    </div>
  );
}
