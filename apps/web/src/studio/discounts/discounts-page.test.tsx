import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDiscountCode, TPricedProduct, TShop } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok, US, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { DiscountsPage } from './discounts-page';

// jsdom's cascade over every antd style sheet makes each role query take seconds; inline styles
// decide visibility here (as in the prices pages' tests), at a hundredth of the cost.
const cascadeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) =>
  element instanceof HTMLElement ? element.style : cascadeStyle(element);

const PAGE = 'GET /api/v1/discounts';
const CREATE = 'POST /api/v1/discounts';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: "Anna's Picks",
  description: '',
  bannerUrl: null,
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};

const SPRING: TDiscountCode = {
  id: '1',
  code: 'SPRING20',
  kind: 'percent',
  percent: 20,
  amountMinor: null,
  currencyCode: 'USD',
  minOrderMinor: null,
  startsOn: null,
  endsOn: null,
  maxUses: 10,
  maxUsesPerEmail: null,
  products: null,
  paused: false,
  state: 'active',
  uses: 3,
  paidOrders: 2,
  salesMinor: 4_500,
  discountMinor: 1_125,
  createdAt: '2026-03-01T10:00:00Z',
};

const LAUNCH: TDiscountCode = {
  ...SPRING,
  id: '2',
  code: 'LAUNCH-5',
  kind: 'amount',
  percent: null,
  amountMinor: 500,
  minOrderMinor: 2_000,
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  maxUses: null,
  products: [{ id: '10', title: 'Plain tee' }],
  paused: true,
  state: 'paused',
  uses: 1,
  paidOrders: 1,
  salesMinor: 1_500,
  discountMinor: 500,
};

const TEE: TPricedProduct = {
  id: '10',
  title: 'Plain tee',
  categoryId: '2',
  parentCategoryId: '1',
  costMinor: 1000,
  sellingMinor: 2000,
  profitMinor: 1000,
  source: 'default',
  percentage: 200,
  overridePriceMinor: null,
  compareAtMinor: null,
  sellingVariantId: '1001',
  variantPriceMinor: null,
  variants: 1,
  visible: 1,
  sort: 1,
};

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi({
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/shop': () => ok(SHOP),
    [PAGE]: () => ok({ list: [SPRING, LAUNCH], total: 2 }),
    'GET /api/v1/pricing/products': () => ok({ list: [TEE], total: 1 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const render = () => renderWithApp([{ path: '/discounts', Component: DiscountsPage }], '/discounts');

async function rowOf(code: string): Promise<HTMLElement> {
  const row = (await screen.findByText(code)).closest('tr');
  if (!row) throw new Error(`no row for ${code}`);
  return row;
}

describe('DiscountsPage', () => {
  it('lists the codes with their discount, state, uses and money', async () => {
    const api = fakeApi();
    await render();

    expect(await screen.findByRole('heading', { name: 'Discount codes' })).toBeInTheDocument();
    const spring = await rowOf('SPRING20');
    expect(spring).toHaveTextContent('20% off');
    expect(spring).toHaveTextContent('Active');
    expect(spring).toHaveTextContent('3 / 10');
    expect(spring).toHaveTextContent('$45.00');
    expect(spring).toHaveTextContent('$11.25');
    expect(spring).toHaveTextContent('Whole shop');

    const launch = await rowOf('LAUNCH-5');
    expect(launch).toHaveTextContent('$5.00 off');
    expect(launch).toHaveTextContent('Orders from $20.00');
    expect(launch).toHaveTextContent('Paused');
    expect(launch).toHaveTextContent('1 product · From Mar 1, 2026 to Mar 31, 2026');
    expect(within(launch).getByRole('button', { name: 'Resume LAUNCH-5' })).toBeInTheDocument();
    expect(screen.getByText('2 codes')).toBeInTheDocument();
    expect(api.callsTo(PAGE)[0]?.url.searchParams.get('pageSize')).toBe('10');
  });

  it('explains what codes are for while the shop has none', async () => {
    fakeApi({ [PAGE]: () => ok({ list: [], total: 0 }) });
    await render();
    expect(await screen.findByRole('heading', { name: 'No discount codes yet' })).toBeInTheDocument();
    expect(screen.getByText(/takes a percentage or an amount off their order/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New code' })).toBeInTheDocument();
  });

  it('creates a percentage code for the whole shop: upper-cased, a day, null for empty fields', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [CREATE]: ({ body }) => ok({ ...SPRING, id: '3', ...(body as object) }) });
    await render();
    await rowOf('SPRING20');

    await user.click(screen.getByRole('button', { name: 'New code' }));
    const drawer = await screen.findByRole('dialog', { name: 'New discount code' });
    const code = within(drawer).getByLabelText('Code');
    await user.type(code, 'summer15');
    expect(code).toHaveValue('SUMMER15');
    await user.type(within(drawer).getByLabelText('Percentage off'), '15');
    const firstDay = within(drawer).getByLabelText('First day (optional)');
    await user.click(firstDay);
    await user.type(firstDay, '2026-06-01{Enter}');
    await user.click(within(drawer).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      code: 'SUMMER15',
      kind: 'percent',
      percent: 15,
      minOrderMinor: null,
      startsOn: '2026-06-01',
      endsOn: null,
      maxUses: null,
      maxUsesPerEmail: null,
      productIds: null,
    });
    expect(await screen.findByText('SUMMER15 was created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates a fixed amount code for chosen products, dollars sent as cents', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [CREATE]: ({ body }) => ok({ ...LAUNCH, id: '3', ...(body as object) }) });
    await render();
    await rowOf('SPRING20');

    await user.click(screen.getByRole('button', { name: 'New code' }));
    const drawer = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(drawer).getByLabelText('Code'), 'TEE-5');
    await user.click(within(drawer).getByRole('radio', { name: 'Fixed amount' }));
    await user.type(within(drawer).getByLabelText('Amount off the order (US$)'), '5.5');
    await user.type(within(drawer).getByLabelText('Minimum order (US$, optional)'), '20');
    await user.type(within(drawer).getByLabelText('Total uses (optional)'), '100');
    await user.type(within(drawer).getByLabelText('Uses per buyer email (optional)'), '1');
    await user.click(within(drawer).getByRole('radio', { name: 'Chosen products' }));
    await user.click(within(drawer).getByLabelText('Products'));
    await user.click(await screen.findByText('Plain tee', { selector: '.ant-select-item-option-content' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      code: 'TEE-5',
      kind: 'amount',
      amountMinor: 550,
      minOrderMinor: 2_000,
      startsOn: null,
      endsOn: null,
      maxUses: 100,
      maxUsesPerEmail: 1,
      productIds: ['10'],
    });
  });

  it("shows the server's field error on its field and keeps the drawer open", async () => {
    const user = userEvent.setup();
    const TAKEN = 'Your shop already has this code';
    const api = fakeApi({
      [CREATE]: () => fail('A0400', TAKEN, { fields: [{ field: 'code', message: TAKEN }] }),
    });
    await render();
    await rowOf('SPRING20');

    await user.click(screen.getByRole('button', { name: 'New code' }));
    const drawer = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(drawer).getByLabelText('Code'), 'SPRING20');
    await user.type(within(drawer).getByLabelText('Percentage off'), '20');
    await user.click(within(drawer).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const field = within(drawer).getByLabelText('Code').closest('.ant-form-item');
    if (!(field instanceof HTMLElement)) throw new Error('no form item');
    await waitFor(() => expect(field).toHaveTextContent(TAKEN));
    expect(screen.getByRole('dialog', { name: 'New discount code' })).toBeInTheDocument();
  });

  it('refuses a malformed code before sending', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await render();
    await rowOf('SPRING20');
    await user.click(screen.getByRole('button', { name: 'New code' }));
    const drawer = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(drawer).getByLabelText('Code'), 'a!');
    await user.type(within(drawer).getByLabelText('Percentage off'), '20');
    await user.click(within(drawer).getByRole('button', { name: 'Create code' }));
    expect(
      await within(drawer).findByText(
        'Use 3 to 32 letters, digits, - or _, starting with a letter or a digit',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('edits a code: its values in the form, saved with PUT', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'PUT /api/v1/discounts/2': ({ body }) => ok({ ...LAUNCH, ...(body as object) }) });
    await render();
    await user.click(within(await rowOf('LAUNCH-5')).getByRole('button', { name: 'Edit LAUNCH-5' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit LAUNCH-5' });
    expect(within(drawer).getByLabelText('Amount off the order (US$)')).toHaveValue('5.00');
    expect(within(drawer).getByLabelText('First day (optional)')).toHaveValue('2026-03-01');
    expect(drawer).toHaveTextContent('Plain tee');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/discounts/2')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/discounts/2')[0]?.body).toEqual({
      code: 'LAUNCH-5',
      kind: 'amount',
      amountMinor: 500,
      minOrderMinor: 2_000,
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
      maxUses: null,
      maxUsesPerEmail: null,
      productIds: ['10'],
    });
  });

  it('pauses a code and deletes another after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'PUT /api/v1/discounts/1/paused': ({ body }) => ok({ ...SPRING, ...(body as object), state: 'paused' }),
      'DELETE /api/v1/discounts/2': () => ok(null),
    });
    await render();

    await user.click(within(await rowOf('SPRING20')).getByRole('button', { name: 'Pause SPRING20' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/discounts/1/paused')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/discounts/1/paused')[0]?.body).toEqual({ paused: true });
    expect(await screen.findByText('SPRING20 is paused')).toBeInTheDocument();

    await user.click(within(await rowOf('LAUNCH-5')).getByRole('button', { name: 'Delete LAUNCH-5' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete LAUNCH-5?' });
    expect(api.callsTo('DELETE /api/v1/discounts/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/discounts/2')).toHaveLength(1));
    expect(await screen.findByText('LAUNCH-5 was deleted')).toBeInTheDocument();
    // The list is read again after each change.
    expect(api.callsTo(PAGE).length).toBeGreaterThanOrEqual(3);
  });

  it('copies the shop link that fills the code in', async () => {
    const user = userEvent.setup();
    fakeApi();
    await render();
    await user.click(
      within(await rowOf('SPRING20')).getByRole('button', { name: 'Copy the link with SPRING20' }),
    );
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/s/anna?code=SPRING20`);
  });
});

describe('DiscountsPage on a phone', () => {
  it('shows a card per code instead of the table', async () => {
    stubViewportWidth(360);
    fakeApi();
    await render();
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const spring = within(list).getByText('SPRING20').closest('li');
    if (!spring) throw new Error('no card');
    expect(spring).toHaveTextContent('Discount20% off');
    expect(spring).toHaveTextContent('Uses3 / 10');
    expect(spring).toHaveTextContent('Sales$45.00');
    expect(within(spring).getByRole('button', { name: 'Delete SPRING20' })).toBeInTheDocument();
    fireEvent.click(within(spring).getByRole('button', { name: 'Edit SPRING20' }));
    expect(await screen.findByRole('dialog', { name: 'Edit SPRING20' })).toBeInTheDocument();
  });
});
