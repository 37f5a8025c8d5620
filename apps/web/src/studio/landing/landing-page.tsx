import { formatMoney, normalizeLanguage } from '@linkstore/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadPageNamespace } from '../../shared/i18n/i18n';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { TopBar } from '../../shared/layout/top-bar';
import styles from './landing-page.module.css';
import { profitExample } from './profit-example';

/** The four steps of a creator's start, as the studio's quick start has them. */
const STEPS = ['open', 'connect', 'price', 'share'] as const;

/** The landing page's texts, loaded before it shows (they are not in the entry chunk). */
export const loadLandingTexts = (): Promise<void> => loadPageNamespace('landing');

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
      <TopBar />
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
