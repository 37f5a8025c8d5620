import { DEFAULT_PERCENTAGE, priceProduct } from '@linkstore/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../shared/i18n/i18n';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { renderWithApp } from '../../shared/test/render-with-app';
import { LandingPage, loadLandingTexts } from './landing-page';
import { EXAMPLE_COST_MINOR, EXAMPLE_ROUNDING, profitExample } from './profit-example';

const routes = [
  {
    path: '/welcome',
    lazy: async () => {
      await loadLandingTexts();
      return { Component: LandingPage };
    },
  },
  { path: '/register', Component: () => <h1>Register stand-in</h1> },
  { path: '/login', Component: () => <h1>Login stand-in</h1> },
];

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The example's rows as the page shows them: term → amount. */
function exampleRows(): Record<string, string> {
  const list = screen.getByTestId('profit-example');
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

afterEach(async () => {
  if (i18n.isInitialized) await applyLanguage('en');
});

describe('profitExample', () => {
  it('prices the example product by the pricing rule: default percentage, then .99', () => {
    const rule = priceProduct(EXAMPLE_COST_MINOR, { defaultPercentage: DEFAULT_PERCENTAGE, rounding: '99' });
    expect(EXAMPLE_ROUNDING).toBe('99');
    expect(profitExample()).toEqual({
      costMinor: EXAMPLE_COST_MINOR,
      percentage: DEFAULT_PERCENTAGE,
      beforeRoundingMinor: Math.round((EXAMPLE_COST_MINOR * DEFAULT_PERCENTAGE) / 100),
      sellingMinor: rule.sellingMinor,
      profitMinor: rule.profitMinor,
    });
    // Worked by hand: $12.40 at 200 % is $24.80, rounded up to $24.99, $12.59 profit.
    expect(profitExample(1240)).toMatchObject({
      beforeRoundingMinor: 2480,
      sellingMinor: 2499,
      profitMinor: 1259,
    });
  });
});

describe('LandingPage', () => {
  it('says what LinkStore is and shows the profit of a product priced by the rule', async () => {
    await renderWithApp(routes, '/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your own shop, run from your phone' }),
    ).toBeInTheDocument();
    const rule = priceProduct(EXAMPLE_COST_MINOR, { defaultPercentage: DEFAULT_PERCENTAGE, rounding: '99' });
    expect(exampleRows()).toEqual({
      'Platform cost': usd(EXAMPLE_COST_MINOR),
      'Your price: 200% of cost': usd((EXAMPLE_COST_MINOR * DEFAULT_PERCENTAGE) / 100),
      'Rounded up to .99': usd(rule.sellingMinor),
      'Your profit per sale': usd(rule.profitMinor),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'How your profit works' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Open your shop in four steps' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/New shops sell at 200% of cost/)).toBeInTheDocument();
  });

  it('leads to registration and to the sign-in form', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/welcome');
    const main = await screen.findByRole('main');
    const opens = within(main).getAllByRole('link', { name: 'Open LinkStore for free' });
    expect(opens.length).toBe(2);
    for (const link of opens) expect(link).toHaveAttribute('href', '/register');
    await user.click(within(main).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await act(() => router.navigate('/welcome'));
    await user.click(
      within(await screen.findByRole('main')).getAllByRole('link', { name: 'Open LinkStore for free' })[0]!,
    );
    expect(await screen.findByRole('heading', { name: 'Register stand-in' })).toBeInTheDocument();
  });

  it('switches language with its own picker, its texts loaded with the language and the choice kept', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Your own shop, run from your phone' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Votre propre boutique, gérée depuis votre téléphone',
      }),
    ).toBeInTheDocument();
    // Amounts and percentages in the language's own format.
    expect(exampleRows()['Votre bénéfice par vente']).toMatch(/^12,59\s\$US$/);
    expect(exampleRows()).toHaveProperty(['Votre prix : 200\u00a0% du coût']);
    expect(useAppPreferences.getState().language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
