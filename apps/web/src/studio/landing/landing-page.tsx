import { formatMoney, LANGUAGES, normalizeLanguage } from '@linkstore/contract';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_TITLE } from '../../shared/config/constants';
import { applyLanguage, loadPageNamespace } from '../../shared/i18n/i18n';
import { LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import styles from './landing-page.module.css';
import { profitExample } from './profit-example';

/** The four steps of a creator's start, as the studio's quick start has them. */
const STEPS = ['open', 'connect', 'price', 'share'] as const;

/** The landing page's texts, loaded before it shows (they are not in the entry chunk). */
export const loadLandingTexts = (): Promise<void> => loadPageNamespace('landing');

/**
 * The brand and a native language picker: light (no antd menu, unlike the studio's top bar) and a
 * phone's own list to choose from. Country and currency are left to the studio.
 */
function LandingHeader() {
  const { t } = useTranslation('common');
  const language = useAppPreferences((state) => state.language);
  const setLanguage = useAppPreferences((state) => state.setLanguage);
  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = normalizeLanguage(event.target.value);
    if (await applyLanguage(next)) setLanguage(next);
  };
  return (
    <header className={styles.header}>
      <span className={styles.brand}>{APP_TITLE}</span>
      <label className={styles.language}>
        <span className={styles.hidden}>{t('language.switch.label')}</span>
        <select value={language} onChange={(event) => void onChange(event)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
              {LANGUAGE_NATIVE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}

/**
 * What a visitor sees at `/`: what LinkStore is, how the profit works — a product priced by the
 * real pricing rule — and the ways in, "Open LinkStore for free" and "Sign in". Plain elements
 * and one small stylesheet, so the page stays a small chunk.
 */
export function LandingPage() {
  const { t, i18n } = useTranslation(['landing', 'common']);
  const locale = LANGUAGE_TAGS[normalizeLanguage(i18n.language)];
  const money = (cents: number) => formatMoney(cents, 'USD', locale);
  const percent = (percentage: number) =>
    new Intl.NumberFormat(locale, { style: 'percent' }).format(percentage / 100);
  const example = profitExample();
  const openForFree = t('common:topBar.openForFree');

  return (
    <div className={styles.page}>
      <LandingHeader />
      <main className={styles.main}>
        <section className={styles.hero} aria-labelledby="landing-heading">
          <h1 id="landing-heading" className={styles.heading}>
            {t('hero.heading')}
          </h1>
          <p className={styles.lead}>{t('hero.text')}</p>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primary}>
              {openForFree}
            </Link>
            <Link to="/login" className={styles.secondary}>
              {t('hero.signIn')}
            </Link>
          </div>
          <p className={styles.note}>{t('hero.free')}</p>
        </section>

        <section className={styles.section} aria-labelledby="landing-example">
          <h2 id="landing-example" className={styles.subheading}>
            {t('example.heading')}
          </h2>
          <p>{t('example.intro')}</p>
          <dl className={styles.example} data-testid="profit-example">
            <div className={styles.row}>
              <dt>{t('example.cost')}</dt>
              <dd data-cents={example.costCents}>{money(example.costCents)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('example.percentage', { percentage: percent(example.percentage) })}</dt>
              <dd>{money(example.beforeRoundingCents)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('example.rounded')}</dt>
              <dd>{money(example.sellingCents)}</dd>
            </div>
            <div className={`${styles.row} ${styles.profit}`}>
              <dt>{t('example.profit')}</dt>
              <dd>{money(example.profitCents)}</dd>
            </div>
          </dl>
          <p className={styles.note}>{t('example.note', { percentage: percent(example.percentage) })}</p>
        </section>

        <section className={styles.section} aria-labelledby="landing-steps">
          <h2 id="landing-steps" className={styles.subheading}>
            {t('steps.heading')}
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step}>
                <h3 className={styles.stepTitle}>{t(`steps.${step}.title`)}</h3>
                <p>{t(`steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={`${styles.section} ${styles.closing}`} aria-labelledby="landing-closing">
          <h2 id="landing-closing" className={styles.subheading}>
            {t('closing.heading')}
          </h2>
          <Link to="/register" className={styles.primary}>
            {openForFree}
          </Link>
        </section>
      </main>
    </div>
  );
}
