import { sizeGuidesRoutes, type TPublicSizeGuide } from '@linkstore/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../../locales/en/storefront.json';
import frMessages from '../../locales/fr/storefront.json';
import { setApiLanguage } from '../api';
import { createTranslate, type TMessages } from '../i18n';
import { StorefrontContext, type TStorefront } from '../storefront-context';
import { stubApi } from '../test-support';
import { defaultLengthUnit, forgetSizeGuides, formatLength, SizeGuideButton } from './size-guide';

const GUIDE: TPublicSizeGuide = {
  categoryId: '1',
  columns: ['Chest', 'Length'],
  rows: [
    { size: 'S', values: [480, 690] },
    { size: 'M', values: [520, 711] },
  ],
  note: 'Measured flat.',
};
const PATH = (categoryId: string) => sizeGuidesRoutes.public.path.replace(':categoryId', categoryId);

function storefront(language: 'en' | 'fr' = 'en'): TStorefront {
  const messages = (language === 'fr' ? frMessages : enMessages) as TMessages;
  return {
    basePath: '/s/demo',
    slug: 'demo',
    page: null,
    search: () => '',
    language,
    locale: language,
    t: createTranslate(messages, language),
    setLanguage: () => undefined,
    currency: null,
    setCurrency: () => undefined,
    price: String,
    usd: String,
    cart: null,
    events: null,
  };
}

function renderButton(props: { categoryId: string; country?: string }, language: 'en' | 'fr' = 'en') {
  return render(
    <StorefrontContext.Provider value={storefront(language)}>
      <p>
        <button type="button">Before</button>
      </p>
      <SizeGuideButton {...props} />
    </StorefrontContext.Provider>,
  );
}

function browserLanguage(tag: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
}

/** The table's cells, row by row, as read. */
function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

beforeEach(forgetSizeGuides);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setApiLanguage('en');
});

describe('SizeGuideButton', () => {
  it('calls the contract path (copied to keep zod out of the shop page) in the page language', async () => {
    const fetch = stubApi({ [`GET ${PATH('7')}`]: GUIDE });
    setApiLanguage('fr');
    renderButton({ categoryId: '7' }, 'fr');
    expect(await screen.findByRole('button', { name: 'Guide des tailles' })).toBeInTheDocument();
    expect(new URL(String(fetch.mock.calls[0]?.[0]), window.location.origin).pathname).toBe(
      '/api/v1/public/size-guides/7',
    );
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ lang: 'fr' });
  });

  it('renders nothing when the category has no guide (null) or is not shown (404)', async () => {
    const fetch = stubApi({ [`GET ${PATH('1')}`]: null });
    const { container } = renderButton({ categoryId: '1' });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    renderButton({ categoryId: '2' });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Size guide' })).not.toBeInTheDocument();
    expect(container).toHaveTextContent('Before');
  });

  it('opens the guide in a labelled dialog in cm outside the US, switches to inches, and closes on Escape with focus back', async () => {
    const user = userEvent.setup();
    browserLanguage('fr-FR');
    stubApi({ [`GET ${PATH('1')}`]: GUIDE });
    renderButton({ categoryId: '1' });
    const button = await screen.findByRole('button', { name: 'Size guide' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);

    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    const units = within(dialog).getByRole('group', { name: 'Units' });
    expect(within(units).getByRole('radio', { name: 'Centimetres' })).toBeChecked();
    const table = within(dialog).getByRole('table', { name: 'Measurements of each size, in centimetres' });
    expect(cellsOf(table)).toEqual([
      ['Size', 'Chest (cm)', 'Length (cm)'],
      ['S', '48.0', '69.0'],
      ['M', '52.0', '71.1'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'M' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Measured flat.');

    await user.click(within(units).getByRole('radio', { name: 'Inches' }));
    expect(
      cellsOf(within(dialog).getByRole('table', { name: 'Measurements of each size, in inches' })),
    ).toEqual([
      ['Size', 'Chest (in)', 'Length (in)'],
      ['S', '18.9', '27.2'],
      ['M', '20.5', '28.0'],
    ]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('keeps Tab inside the dialog and closes on the close button', async () => {
    const user = userEvent.setup();
    browserLanguage('de-DE');
    stubApi({ [`GET ${PATH('1')}`]: GUIDE });
    renderButton({ categoryId: '1' });
    const button = await screen.findByRole('button', { name: 'Size guide' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // Close, the checked unit, the scrollable table; then round again.
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: 'Centimetres' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('region')).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('region')).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('shows inches first to a visitor in the US, by the browser language or the country given', async () => {
    const user = userEvent.setup();
    browserLanguage('en-US');
    stubApi({ [`GET ${PATH('1')}`]: GUIDE });
    const { unmount } = renderButton({ categoryId: '1' });
    await user.click(await screen.findByRole('button', { name: 'Size guide' }));
    expect(screen.getByRole('radio', { name: 'Inches' })).toBeChecked();
    unmount();

    // The storefront's country, when the page knows it, wins over the browser's language.
    renderButton({ categoryId: '1', country: 'DE' });
    await user.click(await screen.findByRole('button', { name: 'Size guide' }));
    expect(screen.getByRole('radio', { name: 'Centimetres' })).toBeChecked();
  });

  it('after a failed load, still offers the guide and tries again in the dialog', async () => {
    const user = userEvent.setup();
    browserLanguage('fr-FR');
    let fails = true;
    stubApi({ [`GET ${PATH('1')}`]: () => (fails ? new Error('Down') : GUIDE) });
    renderButton({ categoryId: '1' });
    const button = await screen.findByRole('button', { name: 'Size guide' });
    fails = true;
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The size guide could not be loaded.');
    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('table')).toBeInTheDocument();
  });
});

describe('size guide units', () => {
  it('formats whole millimetres as cm or inches with one decimal in the page language', () => {
    expect(formatLength(520, 'cm', 'en')).toBe('52.0');
    expect(formatLength(711, 'cm', 'fr')).toBe('71,1');
    expect(formatLength(1000, 'in', 'en')).toBe('39.4');
    expect(formatLength(25, 'in', 'en')).toBe('1.0');
  });

  it('picks inches in the US only', () => {
    expect(defaultLengthUnit(null, 'en-US')).toBe('in');
    expect(defaultLengthUnit(undefined, 'es-US')).toBe('in');
    expect(defaultLengthUnit(null, 'en-GB')).toBe('cm');
    expect(defaultLengthUnit(null, 'en')).toBe('cm');
    expect(defaultLengthUnit('us', 'fr-FR')).toBe('in');
    expect(defaultLengthUnit('FR', 'en-US')).toBe('cm');
  });
});
