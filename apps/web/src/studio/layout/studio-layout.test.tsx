import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { activePhoneItem, StudioLayout } from './studio-layout';

const routes = [
  {
    path: '/',
    Component: StudioLayout,
    children: [
      { index: true, Component: () => <h1>Home stand-in</h1> },
      { path: 'pricing/subcategories', Component: () => <h1>Prices stand-in</h1> },
    ],
  },
];

afterEach(() => {
  useSession.getState().clearTokens();
  document.body.classList.remove('studio-phone');
});

describe('activePhoneItem', () => {
  it('lights the place a path belongs to; the price pages belong to Products', () => {
    expect(activePhoneItem('/')).toBe('/');
    expect(activePhoneItem('/order/pay-result')).toBe('/order');
    expect(activePhoneItem('/pricing/subcategories')).toBe('/product');
  });
});

describe('StudioLayout', () => {
  it('below 768 px: the owner places at the bottom and one sheet for the other pages, the settings and log out', async () => {
    stubViewportWidth(360);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const user = userEvent.setup();
    await renderWithApp(routes, '/pricing/subcategories');

    const nav = await screen.findByRole('navigation', { name: 'Studio menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'My shop', 'Products', 'Orders', 'Earnings']);
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.body).toHaveClass('studio-phone');
    // The top bar is one line: no language, country or log out buttons until the sheet opens.
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();

    expect(within(nav).queryByRole('link', { name: 'Discount codes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More pages, settings and log out' }));
    const sheet = await screen.findByRole('dialog', { name: 'More' });
    // The pages the bottom bar has no room for.
    expect(within(sheet).getByRole('link', { name: 'Discount codes' })).toHaveAttribute(
      'href',
      '#/discounts',
    );
    expect(within(sheet).getByRole('link', { name: 'Subscribers' })).toHaveAttribute('href', '#/subscribers');
    expect(within(sheet).getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: /^Country: / })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: /^Currency: / })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    const dark = within(sheet).getByRole('switch', { name: 'Dark theme' });
    expect(dark).not.toBeChecked();
    await user.click(dark);
    expect(dark).toBeChecked();
  });

  it('at 1366 px: the left menu with prices, the full top bar, no bottom bar', async () => {
    stubViewportWidth(1366);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    await renderWithApp(routes, '/');
    expect(await screen.findByRole('menuitem', { name: 'Prices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('studio-phone');
  });
});
