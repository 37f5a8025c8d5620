import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { paintedPrimary, textOnFill } from '../../shared/theme/theme-config';
import { DEFAULT_THEME_COLOR } from '../../shared/config/constants';
import { opensLanding } from './front-door';
import { carriedQuery, startLanding } from './landing-start';
import { LANDING_COLORS } from './landing-theme';

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  useAppPreferences.getState().setLanguage('en');
});

afterEach(() => {
  localStorage.clear();
  window.location.hash = '';
});

describe('opensLanding', () => {
  it('is the landing page for a visitor at /, /index and /welcome, and for nobody else', () => {
    for (const hash of ['', '#', '#/', '#/?lang=es', '#/index', '#/welcome', '#/welcome/'])
      expect(opensLanding(hash), hash).toBe(true);
    for (const hash of ['#/login', '#/register', '#/console/login', '#/404', '#/s/demo'])
      expect(opensLanding(hash), hash).toBe(false);
    localStorage.setItem('access_token', 'Bearer a');
    expect(opensLanding('#/')).toBe(false);
    expect(opensLanding('#/welcome')).toBe(false);
  });
});

describe('carriedQuery', () => {
  it('keeps what the link carries for the app, not its language', () => {
    expect(carriedQuery('#/?lang=es&user_source=tiktok&page_source=bio')).toBe(
      '?user_source=tiktok&page_source=bio',
    );
    expect(carriedQuery('#/?lang=es')).toBe('');
    expect(carriedQuery('#/')).toBe('');
  });
});

describe('the landing colours', () => {
  it('are what the app paints for the default theme colour', () => {
    for (const isDark of [false, true]) {
      const colors = LANDING_COLORS[isDark ? 'dark' : 'light'];
      expect(colors.primary).toBe(paintedPrimary(isDark, DEFAULT_THEME_COLOR));
      expect(colors.onPrimary).toBe(textOnFill(colors.primary));
    }
  });
});

describe('startLanding', () => {
  it('shows the page in the link’s language at its own address, then hands over to the app', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/?lang=fr&user_source=tiktok';
    const startApp = vi.fn(() => Promise.resolve());
    await act(() => startLanding(startApp));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Votre propre boutique, gérée depuis votre téléphone',
      }),
    ).toBeInTheDocument();
    expect(window.location.hash).toBe('#/welcome?user_source=tiktok');
    expect(useAppPreferences.getState().language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.style.colorScheme).toBe('light');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '#/login?user_source=tiktok',
    );

    // Another language: its texts load, the choice is kept for the app.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'Español');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu propia tienda, gestionada desde el móvil' }),
    ).toBeInTheDocument();
    expect(useAppPreferences.getState().language).toBe('es');
    expect(startApp).not.toHaveBeenCalled();

    // Leaving for the sign-in form: the page goes, the app starts there.
    act(() => {
      window.location.hash = '#/login?user_source=tiktok';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('paints the dark theme the settings keep', async () => {
    localStorage.setItem('settings', JSON.stringify({ theme: 'dark' }));
    window.location.hash = '#/';
    await act(() => startLanding(() => Promise.resolve()));
    await screen.findByRole('heading', { level: 1, name: 'Your own shop, run from your phone' });
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--linkstore-primary')).toBe(
      LANDING_COLORS.dark.primary,
    );
    act(() => {
      window.location.hash = '#/register';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
  });
});
