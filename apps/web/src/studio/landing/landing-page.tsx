import { normalizeLanguage, type TLanguage } from '@linkstore/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyLanguage, loadPageNamespace } from '../../shared/i18n/i18n';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { LandingView } from './landing-view';

/** The landing page's texts, loaded before it shows (they are not in the entry chunk). */
export const loadLandingTexts = (): Promise<void> => loadPageNamespace('landing');

/**
 * The landing page inside the app, for a visitor who reaches `/` there (after the 404 page's
 * "Back to home", say); opened from the address, it shows on its own (`landing-start.tsx`).
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const language = useAppPreferences((state) => state.language);
  const setLanguage = useAppPreferences((state) => state.setLanguage);
  const onLanguageChange = async (next: TLanguage) => {
    if (await applyLanguage(next)) setLanguage(next);
  };
  return (
    <LandingView
      t={(key, values) => t(key, values)}
      language={normalizeLanguage(language)}
      onLanguageChange={(next) => void onLanguageChange(next)}
      renderLink={(to, className, children) => (
        <Link to={to} className={className}>
          {children}
        </Link>
      )}
    />
  );
}
