import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReviewPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ReviewPage from './review-page';

const review = (id: string, authorName: string, extra: Partial<TReviewPageItem> = {}): TReviewPageItem => ({
  id,
  productId: '10',
  productLabel: 'Plain tee',
  authorName,
  rating: 4,
  body: 'Nice fabric',
  language: 'en',
  verified: false,
  status: 0,
  createTime: '2025-03-01 10:00:00',
  ...extra,
});
const PAGE = {
  list: [review('30', 'Ana', { verified: true, rating: 5 }), review('31', 'Bo', { status: 2, body: 'Spam' })],
  total: 2,
};
const LIST = 'GET /api/v1/catalog/reviews';

afterEach(signOutOperator);

describe('ReviewPage', () => {
  it('opens on the waiting reviews with product, stars, verified tag and status; a reader has no actions', async () => {
    signInOperator(['catalog:review:query']);
    const api = installFakeApi({ [LIST]: () => ok(PAGE) });
    await renderConsolePage(ReviewPage);
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ status: '0' }));
    const ana = await findRow('Ana');
    expect(ana).toHaveTextContent('Plain tee');
    expect(ana).toHaveTextContent('Verified purchase');
    expect(ana).toHaveTextContent('Pending');
    expect(within(ana).getByRole('img', { name: '5 of 5 stars' })).toHaveTextContent('★★★★★');
    const bo = await findRow('Bo');
    expect(bo).not.toHaveTextContent('Verified purchase');
    expect(bo).toHaveTextContent('Rejected');
    expect(screen.queryByRole('button', { name: /Publish|Reject|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('publishes the selected reviews after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:review:query', 'catalog:review:moderate', 'catalog:review:delete']);
    const api = installFakeApi({ [LIST]: () => ok(PAGE) });
    api.on('PUT /api/v1/catalog/reviews/status', () => ok(null));
    await renderConsolePage(ReviewPage);
    const bo = await findRow('Bo');
    expect(within(bo).getByRole('button', { name: 'Delete the review by Bo' })).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: /Publish selected/ });
    expect(publish).toBeDisabled();
    // The header checkbox selects every row of the page.
    await user.click(within(screen.getAllByRole('rowgroup')[0] as HTMLElement).getByRole('checkbox'));
    await user.click(publish);
    const confirm = await findDialog('Publish the selected reviews?');
    expect(confirm).toHaveTextContent('2 selected reviews');
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Reviews published')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/catalog/reviews/status')[0]?.body).toEqual({
      ids: ['30', '31'],
      status: 1,
    });
  });
});
