import type { TPublicSizeGuide, TPublicSizeGuideAnswer } from '@linkstore/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, call, NOT_FOUND } from '../api';
import { useStorefront } from '../storefront-context';

/*
 * The size guide of a product's category, for buyers (phones first): a "Size guide" button that
 * opens the guide in a dialog, as a table in centimetres or inches. Print-on-demand suppliers
 * refuse returns for a wrong size, so the buyer should see it before adding to the cart.
 */

export type TLengthUnit = 'cm' | 'in';

/** `sizeGuidesRoutes.public`, written out: the route table carries zod (decision 0021; a test checks it). */
export const sizeGuideApi = {
  guide: (categoryId: string) =>
    call<TPublicSizeGuideAnswer>('GET', `/api/v1/public/size-guides/${encodeURIComponent(categoryId)}`),
};

/** Loaded guides by language and category: the products of one category share one request. */
const loaded = new Map<string, Promise<TPublicSizeGuideAnswer>>();

function loadGuide(language: string, categoryId: string): Promise<TPublicSizeGuideAnswer> {
  const key = `${language}|${categoryId}`;
  let answer = loaded.get(key);
  if (!answer) {
    // A category the shop does not show (404) has no guide to show either.
    answer = sizeGuideApi
      .guide(categoryId)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === NOT_FOUND) return null;
        throw error;
      })
      .catch((error: unknown) => {
        // A failure is not kept: the next try asks again.
        loaded.delete(key);
        throw error;
      });
    loaded.set(key, answer);
  }
  return answer;
}

/** Forgets the loaded guides (tests). */
export function forgetSizeGuides(): void {
  loaded.clear();
}

/**
 * Inches for a visitor in the United States — the storefront's country when the page knows it,
 * else the region of the browser's language (`en-US`) — centimetres for everyone else.
 */
export function defaultLengthUnit(country: string | null | undefined, language: string): TLengthUnit {
  const region = country ?? /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/i.exec(language)?.[1];
  return region?.toUpperCase() === 'US' ? 'in' : 'cm';
}

/** Whole millimetres as centimetres or inches with one decimal, in the page's number format. */
export function formatLength(mm: number, unit: TLengthUnit, locale: string): string {
  const value = unit === 'cm' ? mm / 10 : mm / 25.4;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

type TGuideState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'failed' }
  /** Asked again after a failure, the button showing. */
  | { kind: 'retrying' }
  | { kind: 'ready'; guide: TPublicSizeGuide };

/**
 * "Size guide" for a product of `categoryId` (a second-level category: its guide, else its
 * parent's). The guide is asked for once the page is in the browser; nothing is shown while it
 * loads or when the category has none (the public route answers null, or 404 for a category the
 * shop does not show). If the request failed, the button still shows and the dialog tries again.
 * `country`: the visitor's country when the page knows it (ISO code), which picks the unit shown
 * first (inches in the US); else the browser's language does.
 *
 * ```tsx
 * <SizeGuideButton categoryId={product.categoryId} />
 * ```
 */
export function SizeGuideButton({ categoryId, country }: { categoryId: string; country?: string | null }) {
  const { t, language } = useStorefront();
  const [state, setState] = useState<TGuideState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const [unit, setUnit] = useState<TLengthUnit>('cm');
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let current = true;
    loadGuide(language, categoryId).then(
      (guide) => current && setState(guide ? { kind: 'ready', guide } : { kind: 'none' }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [language, categoryId, attempt]);

  // Nothing while the guide loads or when there is none (unless the dialog is open already).
  if (!isOpen && (state.kind === 'loading' || state.kind === 'none')) return null;

  const retry = () => {
    setState({ kind: 'retrying' });
    setAttempt((n) => n + 1);
  };
  const open = () => {
    // Read when tapped: the page may be rendered on the server, which has no navigator.
    setUnit(defaultLengthUnit(country, navigator.language));
    if (state.kind === 'failed') retry();
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="sf-link-button sf-size-guide-button"
        aria-haspopup="dialog"
        onClick={open}
      >
        {t('sizeGuide.open')}
      </button>
      {isOpen && (
        <SizeGuideDialog
          guide={state.kind === 'ready' ? state.guide : null}
          status={
            state.kind === 'ready'
              ? 'ready'
              : state.kind === 'failed' || state.kind === 'none'
                ? state.kind
                : 'loading'
          }
          unit={unit}
          onUnit={setUnit}
          onRetry={retry}
          onClose={close}
        />
      )}
    </>
  );
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** The guide in a modal dialog: Escape, the close button or the backdrop closes it; Tab stays inside. */
function SizeGuideDialog({
  guide,
  status,
  unit,
  onUnit,
  onRetry,
  onClose,
}: {
  guide: TPublicSizeGuide | null;
  status: 'ready' | 'loading' | 'failed' | 'none';
  unit: TLengthUnit;
  onUnit: (unit: TLengthUnit) => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t, locale } = useStorefront();
  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    // The page behind does not scroll with the dialog.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const unitName = t(`sizeGuide.${unit}`);
  return (
    <div
      className="sf-dialog-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="sf-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="sf-dialog-head">
          <h2 id={titleId}>{t('sizeGuide.title')}</h2>
          <button ref={closeRef} type="button" className="sf-button sf-button-quiet" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        {guide ? (
          <>
            <fieldset className="sf-units">
              <legend className="sf-visually-hidden">{t('sizeGuide.units')}</legend>
              {(['cm', 'in'] as const).map((choice) => (
                <label key={choice}>
                  <input
                    type="radio"
                    name={`${id}-unit`}
                    value={choice}
                    checked={unit === choice}
                    onChange={() => onUnit(choice)}
                    aria-label={t(`sizeGuide.unitName.${choice}`)}
                  />
                  <span aria-hidden="true">{t(`sizeGuide.${choice}`)}</span>
                </label>
              ))}
            </fieldset>
            <div className="sf-size-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
              <table className="sf-size-table">
                <caption id={`${id}-caption`} className="sf-visually-hidden">
                  {t(`sizeGuide.caption.${unit}`)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('sizeGuide.size')}</th>
                    {guide.columns.map((column, index) => (
                      <th key={index} scope="col">
                        {t('sizeGuide.column', { name: column, unit: unitName })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {guide.rows.map((row) => (
                    <tr key={row.size}>
                      <th scope="row">{row.size}</th>
                      {row.values.map((mm, index) => (
                        <td key={index}>{formatLength(mm, unit, locale)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {guide.note && <p className="sf-note">{guide.note}</p>}
          </>
        ) : status === 'failed' ? (
          <div className="sf-status" role="alert">
            <p>{t('sizeGuide.failed')}</p>
            <button type="button" className="sf-button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          </div>
        ) : status === 'none' ? (
          <p className="sf-status" role="status">
            {t('sizeGuide.none')}
          </p>
        ) : (
          <p className="sf-status" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    </div>
  );
}
