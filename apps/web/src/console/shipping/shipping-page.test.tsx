import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TShippingZone, TShippingZonePageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ShippingPage from './shipping-page';
import { formPathOf, NEW_METHOD, NEW_ZONE, zoneRequestOf } from './zone-form';

const US_ZONE: TShippingZone = {
  id: '1',
  name: 'Domestic',
  countries: ['US'],
  regions: {},
  sort: 10,
  enabled: true,
  methods: [
    {
      id: '11',
      name: 'Standard',
      kind: 'items',
      firstItemMinor: 499,
      additionalItemMinor: 150,
      weightBands: [],
      minDays: 3,
      maxDays: 5,
      freeOverMinor: 7500,
      currencyCode: 'USD',
      sort: 1,
      enabled: true,
    },
  ],
  createTime: '2026-12-01 10:00:00',
  updateTime: '2026-12-01 10:00:00',
};
const { methods, ...usZone } = US_ZONE;
const US_ROW: TShippingZonePageItem = { ...usZone, methodCount: methods.length };
const ALL_PERMS = [
  'commerce:shipping:query',
  'commerce:shipping:add',
  'commerce:shipping:edit',
  'commerce:shipping:delete',
];

afterEach(signOutOperator);

function fakeApi() {
  const api = installFakeApi({ 'GET /api/v1/shipping/zones': () => ok({ list: [US_ROW], total: 1 }) });
  api.on('GET /api/v1/shipping/zones/1', () => ok(US_ZONE));
  return api;
}

describe('ShippingPage', () => {
  it('edits a zone: dollars typed are sent as cents, a weight method is added with its bands', async () => {
    const user = userEvent.setup({ delay: null });
    signInOperator(ALL_PERMS);
    const api = fakeApi();
    api.on('PUT /api/v1/shipping/zones/1', () => ok(US_ZONE));
    await renderConsolePage(ShippingPage);
    expect(await screen.findByRole('heading', { name: 'Shipping zones' })).toBeInTheDocument();
    const row = await findRow('Domestic');
    expect(row).toHaveTextContent('United States');
    expect(row).toHaveTextContent('Enabled');
    await user.click(within(row).getByRole('button', { name: 'Edit Domestic' }));
    const dialog = await findDialog('Edit shipping zone');
    const first = within(dialog).getByLabelText('First item (USD)');
    await waitFor(() => expect(first).toHaveValue('4.99'));
    await user.clear(first);
    await user.type(first, '5.5');

    await user.click(within(dialog).getByRole('button', { name: 'Add method' }));
    const names = within(dialog).getAllByLabelText('Method name');
    await user.type(names[1] as HTMLElement, 'Freight');
    const byWeight = within(dialog).getAllByRole('radio', { name: 'By weight' });
    await user.click(byWeight[1] as HTMLElement);
    // A weight method without a band, and a bad amount, are refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A method priced by weight needs at least one weight band'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add weight band' }));
    await user.type(within(dialog).getByLabelText('Up to (grams)'), '2000');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '12.345');
    await user.type(within(dialog).getAllByLabelText('Earliest (business days)')[1] as HTMLElement, '8');
    await user.type(within(dialog).getAllByLabelText('Latest (business days)')[1] as HTMLElement, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Enter an amount in dollars from 0 to 10,000.00, with at most two decimals',
      ),
    ).toBeInTheDocument();
    // Each field shows its own error when its check is done: wait for this one too.
    expect(
      await within(dialog).findByText('The latest delivery cannot be sooner than the earliest'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/shipping/zones/1')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '12,30');
    const latest = within(dialog).getAllByLabelText('Latest (business days)')[1] as HTMLElement;
    await user.clear(latest);
    await user.type(latest, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/shipping/zones/1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/shipping/zones/1')[0]?.body).toEqual({
      name: 'Domestic',
      countries: ['US'],
      regions: {},
      sort: 10,
      enabled: true,
      methods: [
        {
          id: '11',
          name: 'Standard',
          kind: 'items',
          firstItemMinor: 550,
          additionalItemMinor: 150,
          weightBands: [],
          minDays: 3,
          maxDays: 5,
          freeOverMinor: 7500,
          sort: 1,
          enabled: true,
        },
        {
          name: 'Freight',
          kind: 'weight',
          firstItemMinor: 0,
          additionalItemMinor: 0,
          weightBands: [{ upToGrams: 2000, rateMinor: 1230 }],
          minDays: 8,
          maxDays: 15,
          freeOverMinor: null,
          sort: 2,
          enabled: true,
        },
      ],
    });
  });

  it('puts the server’s errors inside the zone on their fields and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    signInOperator(ALL_PERMS);
    const api = fakeApi();
    api.on('PUT /api/v1/shipping/zones/1', () =>
      fail('A0400', 'Some fields are not valid', {
        fields: [
          { field: 'countries.0', message: 'US is already in the zone “Americas” with the same sort' },
          { field: 'methods.0.freeOverMinor', message: 'Too much' },
        ],
      }),
    );
    await renderConsolePage(ShippingPage);
    await user.click(await screen.findByRole('button', { name: 'Edit Domestic' }));
    const dialog = await findDialog('Edit shipping zone');
    await waitFor(() => expect(within(dialog).getByLabelText('First item (USD)')).toHaveValue('4.99'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too much')).toBeInTheDocument();
    expect(
      within(dialog).getByText('US is already in the zone “Americas” with the same sort'),
    ).toBeInTheDocument();
  });

  it('shows no add, edit or delete to an operator who may only look', async () => {
    signInOperator(['commerce:shipping:query']);
    fakeApi();
    await renderConsolePage(ShippingPage);
    await findRow('Domestic');
    expect(screen.queryByRole('button', { name: /add/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Domestic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Domestic' })).not.toBeInTheDocument();
  });
});

describe('formPathOf', () => {
  it('maps the server’s places inside a zone to the form’s fields', () => {
    const values = {
      ...NEW_ZONE,
      regions: [
        { country: 'CA', codes: ['ON'] },
        { country: 'US', codes: ['AK'] },
      ],
    };
    expect(formPathOf('countries.2', values)).toEqual(['countries']);
    expect(formPathOf('regions.US', values)).toEqual(['regions', 1, 'codes']);
    expect(formPathOf('methods.1.firstItemMinor', values)).toEqual(['methods', 1, 'first']);
    expect(formPathOf('methods.0.weightBands.2.rateMinor', values)).toEqual([
      'methods',
      0,
      'bands',
      2,
      'rate',
    ]);
    expect(formPathOf('methods.0.weightBands', values)).toEqual(['methods', 0, 'kind']);
    expect(formPathOf('name', values)).toBeUndefined();
  });
});

describe('zoneRequestOf', () => {
  it('sends regions as a map of upper-case codes, and only each method kind’s prices, in cents', () => {
    const request = zoneRequestOf({
      ...NEW_ZONE,
      name: 'US remote',
      countries: ['US', 'CA'],
      regions: [
        { country: 'US', codes: ['ak', ' HI '] },
        { country: 'CA', codes: [] },
        { country: undefined, codes: ['X'] },
      ],
      methods: [
        {
          ...NEW_METHOD,
          name: 'Freight',
          kind: 'weight',
          first: '4.99',
          bands: [{ upToGrams: 500, rate: '7' }],
          minDays: 2,
          maxDays: 4,
          freeOver: '100,5',
        },
      ],
    });
    expect(request.regions).toEqual({ US: ['AK', 'HI'] });
    expect(request.methods?.[0]).toEqual({
      name: 'Freight',
      kind: 'weight',
      firstItemMinor: 0,
      additionalItemMinor: 0,
      weightBands: [{ upToGrams: 500, rateMinor: 700 }],
      minDays: 2,
      maxDays: 4,
      freeOverMinor: 10_050,
      sort: 0,
      enabled: true,
    });
  });
});
