import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTaxRate } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import { stubViewportWidth } from '../../shared/test/viewport';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import TaxRatePage from './tax-rate-page';

const ALL = ['commerce:tax:query', 'commerce:tax:add', 'commerce:tax:edit', 'commerce:tax:delete'];
const PAGE = 'GET /api/v1/taxes/rates';

const ONTARIO: TTaxRate = {
  id: '7',
  countryCode: 'CA',
  region: 'ON',
  name: 'HST',
  rateMicros: 130_000,
  rate: '13',
  inclusive: false,
  shippingTaxed: true,
  validFrom: '2024-01-01',
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
};
const GERMANY: TTaxRate = {
  ...ONTARIO,
  id: '8',
  countryCode: 'DE',
  region: '',
  name: 'VAT',
  rateMicros: 88_750,
  rate: '8.875',
  inclusive: true,
};

afterEach(signOutOperator);

describe('TaxRatePage', () => {
  it('lists rates as exact percentages, the whole country and the display settings named', async () => {
    signInOperator(ALL);
    const api = installFakeApi({ [PAGE]: () => ok({ list: [ONTARIO, GERMANY], total: 2 }) });
    await renderConsolePage(TaxRatePage);
    expect(await screen.findByRole('heading', { name: 'Tax rates' })).toBeInTheDocument();
    const ontario = await findRow('HST');
    expect(ontario).toHaveTextContent('Canada');
    expect(ontario).toHaveTextContent('ON');
    expect(ontario).toHaveTextContent('13%');
    const germany = await findRow('Germany');
    expect(germany).toHaveTextContent('Whole country');
    expect(germany).toHaveTextContent('8.875%');
    expect(within(germany).getAllByText('Yes')).toHaveLength(2);

    await userEvent.setup().type(screen.getByLabelText('Keywords'), 'hst{Enter}');
    await waitFor(() => expect(lastQuery(api, PAGE)).toMatchObject({ keywords: 'hst' }));
    expect(api.callsTo(PAGE).length).toBeGreaterThan(1);
  });

  it('adds a rate: a bad percentage is refused, the server’s field error shown, then saved as typed', async () => {
    const user = userEvent.setup({ delay: null });
    signInOperator(ALL);
    const api = installFakeApi({ [PAGE]: () => ok({ list: [ONTARIO], total: 1 }) });
    let attempts = 0;
    api.on('POST /api/v1/taxes/rates', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [
              { field: 'validFrom', message: 'This country and region already have a rate from this day' },
            ],
          })
        : ok({ ...ONTARIO, ...(body as object), id: '9' });
    });
    await renderConsolePage(TaxRatePage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add tax rate');

    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'Canad');
    await user.click(await screen.findByTitle('Canada (CA)'));
    await user.click(within(dialog).getByLabelText('Region'));
    await user.paste('BC');
    await user.click(within(dialog).getByLabelText('Tax name'));
    await user.paste('GST + PST');
    await user.click(within(dialog).getByLabelText('Rate'));
    await user.paste('12.00001');
    await user.click(within(dialog).getByRole('switch', { name: 'Shipping taxed' }));
    fireEvent.change(within(dialog).getByLabelText('Valid from'), { target: { value: '2025-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a percentage from 0 to 100 with at most 4 decimals.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/taxes/rates')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Rate'));
    await user.click(within(dialog).getByLabelText('Rate'));
    await user.paste('12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This country and region already have a rate from this day'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/taxes/rates')[1]?.body).toEqual({
      countryCode: 'CA',
      region: 'BC',
      name: 'GST + PST',
      rate: '12',
      inclusive: false,
      shippingTaxed: true,
      validFrom: '2025-01-01',
    });
  });

  it('edits a row from its values and deletes one after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    signInOperator(ALL);
    const api = installFakeApi({ [PAGE]: () => ok({ list: [ONTARIO], total: 1 }) });
    api.on('PUT /api/v1/taxes/rates/7', ({ body }) => ok({ ...ONTARIO, ...(body as object) }));
    api.on('DELETE /api/v1/taxes/rates/7', () => ok(null));
    await renderConsolePage(TaxRatePage);
    const row = await findRow('HST');
    await user.click(within(row).getByRole('button', { name: 'Edit Canada ON HST 2024-01-01' }));
    const dialog = await findDialog('Edit tax rate');
    const rate = within(dialog).getByLabelText('Rate');
    await waitFor(() => expect(rate).toHaveValue('13'));
    await user.clear(rate);
    await user.click(rate);
    await user.paste('13.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/taxes/rates/7')[0]?.body).toEqual({
      countryCode: 'CA',
      region: 'ON',
      name: 'HST',
      rate: '13.5',
      inclusive: false,
      shippingTaxed: true,
      validFrom: '2024-01-01',
    });

    await user.click(within(row).getByRole('button', { name: 'Delete Canada ON HST 2024-01-01' }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/taxes/rates/7')).toHaveLength(1));
  });

  it('shows no Add, Edit or Delete to an operator who may only look, on a 360 px phone too', async () => {
    stubViewportWidth(360);
    signInOperator(['commerce:tax:query']);
    installFakeApi({ [PAGE]: () => ok({ list: [ONTARIO], total: 1 }) });
    await renderConsolePage(TaxRatePage);
    const row = await findRow('HST');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
