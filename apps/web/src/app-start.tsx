import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { AppProviders } from './shared/app-providers';
import { setConsoleRouter } from './console/console-loading';
import { appRoutes, guardStartAddress, prefetchStudioHome } from './routes';
import { createQueryClient } from './shared/http/query-client';
import { initI18n } from './shared/i18n/i18n';
import { useAppPreferences } from './shared/preferences/app-preferences-store';
import { loadCountry } from './shared/preferences/countries';
import { setNavigator } from './shared/router/navigator';
import { finishProgress, startProgress } from './shared/router/progress';
import { loadSignedInUser } from './shared/session/user-info';
import { startDictionarySync } from './shared/dict/dict-loader';
import { applyStartupQuery } from './shared/startup/apply-startup-query';

/** The studio and console: i18next, antd, the API client and the hash router. */
export async function startApp(): Promise<void> {
  startProgress();
  applyStartupQuery(window.location.hash);
  await initI18n(useAppPreferences.getState().language);

  guardStartAddress();
  const router = createHashRouter(appRoutes);
  prefetchStudioHome(router.state.location.pathname);
  setConsoleRouter(router);
  setNavigator((to, options) => void router.navigate(to, options));
  // Start-up: the country, and the user when signed in (which also sets the page icon).
  const queryClient = createQueryClient();
  void loadCountry(queryClient);
  // Dictionaries follow every sign-in (this one included) and language change.
  startDictionarySync();
  void loadSignedInUser();
  let isLoading = true;
  router.subscribe((state) => {
    const isBusy = state.navigation.state !== 'idle' || !state.initialized;
    if (isBusy && !isLoading) startProgress();
    if (!isBusy && isLoading) finishProgress();
    isLoading = isBusy;
  });
  if (router.state.initialized && router.state.navigation.state === 'idle') {
    isLoading = false;
    finishProgress();
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
