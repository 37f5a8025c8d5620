import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBannerPageItem } from '@linkstore/contract';
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
import BannerPage from './banner-page';

const banner = (id: string, title: string, extra: Partial<TBannerPageItem> = {}): TBannerPageItem => ({
  id,
  title,
  titles: {},
  label: title,
  imageUrl: `/files/banner/${id}.png`,
  linkUrl: null,
  sort: 1,
  status: 1,
  createTime: '2025-03-01 10:00:00',
  ...extra,
});
const PAGE = {
  list: [banner('20', 'Summer sale', { linkUrl: '/s/summer' }), banner('21', 'Old promo', { status: 0 })],
  total: 2,
};
const ALL = ['catalog:banner:query', 'catalog:banner:add', 'catalog:banner:edit', 'catalog:banner:delete'];

afterEach(signOutOperator);

describe('BannerPage', () => {
  it('lists banners with image and link, deletes a selection, and hides actions without permissions', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = installFakeApi({ 'GET /api/v1/catalog/banners': () => ok(PAGE) });
    api.on('DELETE /api/v1/catalog/banners/20%2C21', () => ok(null));
    await renderConsolePage(BannerPage);
    expect(await screen.findByRole('heading', { name: 'Banners' })).toBeInTheDocument();
    const summer = await findRow('Summer sale');
    expect(summer).toHaveTextContent('/s/summer');
    expect(within(summer).getByRole('img', { name: 'Image of Summer sale' })).toBeInTheDocument();
    expect(
      within(await findRow('Old promo')).getByRole('switch', { name: 'Show Old promo' }),
    ).not.toBeChecked();

    await user.click(within(summer).getByRole('checkbox'));
    await user.click(within(await findRow('Old promo')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/catalog/banners/20%2C21')).toHaveLength(1);
  });

  it('edits a banner: shows the preview and sends the titles, image and an empty link', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:banner:edit']);
    const api = installFakeApi({
      'GET /api/v1/catalog/banners': () => ok(PAGE),
      'GET /api/v1/catalog/banners/20/form': () =>
        ok({ ...banner('20', 'Summer sale', { titles: { es: 'Rebajas' } }) }),
    });
    api.on('PUT /api/v1/catalog/banners/20', ({ body }) => ok({ id: '20', ...(body as object) }));
    await renderConsolePage(BannerPage);
    expect(screen.queryByRole('button', { name: /Add|Delete/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit Summer sale' }));
    const dialog = await findDialog('Edit banner');
    await waitFor(() => expect(within(dialog).getByLabelText('Title (Spanish)')).toHaveValue('Rebajas'));
    expect(within(dialog).getByRole('figure', { name: 'Preview' })).toHaveTextContent('Summer sale');
    await user.type(within(dialog).getByLabelText('Link'), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter a site path starting with/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Link'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/catalog/banners/20')[0]?.body).toMatchObject({
      title: 'Summer sale',
      titles: { es: 'Rebajas' },
      imageUrl: '/files/banner/20.png',
      linkUrl: '',
    });
  });
});
