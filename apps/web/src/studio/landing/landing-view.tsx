import { formatMoney, LANGUAGES, type TLanguage } from '@linkstore/contract';
import type { ReactNode } from 'react';
import { APP_TITLE } from '../../shared/config/constants';
import { LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS } from '../../shared/i18n/languages';
import styles from './landing-page.module.css';
import type { TLandingTranslate } from './landing-texts';
import { profitExample } from './profit-example';

/** The four steps of a creator's start, as the studio's quick start has them. */
const STEPS = ['open', 'connect', 'price', 'share'] as const;

export interface TLandingViewProps {
  t: TLandingTranslate;
  language: TLanguage;
  onLanguageChange: (language: TLanguage) => void;
  /** A link into the app: the router's own in the app, a plain hash link on the page alone. */
  renderLink: (to: '/register' | '/login', className: string, children: ReactNode) => ReactNode;
}

/**
 * What a visitor sees at `/`: what LinkStore is, how the profit works — a product priced by the
 * real pricing rule — and the ways in, "Open LinkStore for free" and "Sign in". Plain elements,
 * one small stylesheet and a native language picker, so it can show before the app loads.
 */
export function LandingView({ t, language, onLanguageChange, renderLink }: TLandingViewProps) {
  const locale = LANGUAGE_TAGS[language];
  const money = (cents: number) => formatMoney(cents, 'USD', locale);
  const example = profitExample();
  const percentage = new Intl.NumberFormat(locale, { style: 'percent' }).format(example.percentage / 100);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.brand}>{APP_TITLE}</span>
        <label className={styles.language}>
          <span className={styles.hidden}>{t('language')}</span>
          <select value={language} onChange={(event) => onLanguageChange(event.target.value as TLanguage)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
                {LANGUAGE_NATIVE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className={styles.main}>
        <section className={styles.hero} aria-labelledby="landing-heading">
          <h1 id="landing-heading" className={styles.heading}>
            {t('hero.heading')}
          </h1>
          <p className={styles.lead}>{t('hero.text')}</p>
          <div className={styles.actions}>
            {renderLink('/register', styles.primary ?? '', t('hero.open'))}
            {renderLink('/login', styles.secondary ?? '', t('hero.signIn'))}
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
              <dd>{money(example.costMinor)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('example.percentage', { percentage })}</dt>
              <dd>{money(example.beforeRoundingMinor)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('example.rounded')}</dt>
              <dd>{money(example.sellingMinor)}</dd>
            </div>
            <div className={`${styles.row} ${styles.profit}`}>
              <dt>{t('example.profit')}</dt>
              <dd>{money(example.profitMinor)}</dd>
            </div>
          </dl>
          <p className={styles.note}>{t('example.note', { percentage })}</p>
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
          {renderLink('/register', styles.primary ?? '', t('hero.open'))}
        </section>
      </main>
    </div>
  );
}
