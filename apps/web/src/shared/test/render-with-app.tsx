import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../http/query-client';
import { initI18n } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { setNavigator } from '../router/navigator';

/** Renders routes inside the real providers, in memory, starting at `path`, in English. */
export async function renderWithApp(routes: RouteObject[], path: string) {
  useAppPreferences.getState().setLanguage('en');
  await initI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}
