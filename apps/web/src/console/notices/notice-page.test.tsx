import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNoticePageItem } from '@linkstore/contract';
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
import NoticePage from './notice-page';

const item = (id: string, title: string, publishStatus: number): TNoticePageItem => ({
  id,
  title,
  publishStatus,
  type: '1',
  level: 'M',
  targetType: 1,
  publisherName: publishStatus === 0 ? null : 'Ops',
  publishTime: publishStatus === 0 ? null : '2026-11-26 05:00:00',
  revokeTime: null,
  createTime: '2026-11-26 04:00:00',
});
const DRAFT = item('1', 'Draft notice', 0);
const LIVE = item('2', 'Live notice', 1);
const ALL = [
  'sys:notice:query',
  'sys:notice:add',
  'sys:notice:edit',
  'sys:notice:delete',
  'sys:notice:publish',
  'sys:notice:revoke',
];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/notices/page': () => ok({ list: [DRAFT, LIVE], total: 2 }),
    'PUT /api/v1/notices/1/publish': () => ok(null),
    'PUT /api/v1/notices/2/revoke': () => ok(null),
  });
}

afterEach(signOutOperator);

describe('NoticePage', () => {
  it('lists notices with the actions their state allows: publish and edit drafts, revoke published ones', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(NoticePage);
    expect(await screen.findByRole('heading', { name: 'Notices' })).toBeInTheDocument();
    const draft = await findRow('Draft notice');
    expect(draft).toHaveTextContent('Draft');
    expect(within(draft).getByRole('button', { name: 'Edit notice Draft notice' })).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    const live = await findRow('Live notice');
    expect(live).toHaveTextContent('Published');
    expect(within(live).queryByRole('button', { name: /Edit|Publish/ })).not.toBeInTheDocument();

    await user.click(within(draft).getByRole('button', { name: 'Publish notice Draft notice' }));
    await user.click(within(await findDialog('Publish this notice?')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/notices/1/publish')).toHaveLength(1));
    await user.click(within(live).getByRole('button', { name: 'Revoke notice Live notice' }));
    await user.click(within(await findDialog('Revoke this notice?')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/notices/2/revoke')).toHaveLength(1));
  });

  it('shows no action without its permission', async () => {
    signInOperator(['sys:notice:query']);
    fakeApi();
    await renderConsolePage(NoticePage);
    expect(await findRow('Draft notice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit|Publish|Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('searches by title and status', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(NoticePage);
    await findRow('Draft notice');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'maint');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/notices/page').title).toBe('maint'));
  });

  it('the form asks for title and content before saving anything', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(NoticePage);
    await findRow('Draft notice');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await findDialog('New notice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Title')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter Content')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/notices')).toHaveLength(0);
  });
});
