import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCountryPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import CountryPage from './country-page';

const FRANCE: TCountryPageItem = {
  id: 'FR',
  code: 'FR',
  name: 'France',
  currency: 'Euro',
  currency_jc: 'EUR',
  currency_symbol: '€',
  currency_minor_digits: 2,
  rate_per_usd_micros: 920_000,
  rate: '0.92',
  updateTime: '2025-03-01 10:00:00',
};

afterEach(signOutOperator);

describe('CountryPage', () => {
  it('edits a rate as a decimal string: a bad one is refused, a good one is sent as typed', async () => {
    const user = userEvent.setup();
    signInOperator(['system:country:query', 'system:country:edit']);
    const api = installFakeApi({ 'GET /api/v1/countries/page': () => ok({ list: [FRANCE], total: 1 }) });
    api.on('PUT /api/v1/countries/FR', () => ok(FRANCE));
    await renderConsolePage(CountryPage);
    expect(await screen.findByRole('heading', { name: 'Currency rates' })).toBeInTheDocument();
    const france = await findRow('France');
    expect(france).toHaveTextContent('0.92');
    await user.click(within(france).getByRole('button', { name: 'Edit France' }));
    const dialog = await findDialog('Edit currency rate');
    const rate = within(dialog).getByLabelText('Rate per US dollar');
    await waitFor(() => expect(rate).toHaveValue('0.92'));
    await user.clear(rate);
    await user.type(rate, '0.1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a number above 0 with at most six decimals'),
    ).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '0.935');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/countries/FR')[0]?.body).toEqual({
      rate: '0.935',
      currencySymbol: '€',
    });
  });
});
