import {
  ErrorCode,
  NOTICE_TOPIC,
  ZMyNoticePage,
  ZNoticeDetail,
  ZNoticeForm,
  ZNoticePage,
  type TNoticeForm,
  type TNoticeRequestInput,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../platform/realtime/bus';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, OPERATOR_PASSWORD, operatorWith } from '../../test/users';
import { notices, userNotices } from './notices.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const sent: RealtimeMessage[] = [];

const NOTICE_PERMS = [
  'sys:notice:query',
  'sys:notice:add',
  'sys:notice:edit',
  'sys:notice:delete',
  'sys:notice:publish',
  'sys:notice:revoke',
];

const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens, '/notices');

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

function body(extra: Partial<TNoticeRequestInput> = {}): TNoticeRequestInput {
  return {
    title: 'Maintenance tonight',
    content: doc('The shop is closed from 22:00 to 23:00 UTC.') as TNoticeRequestInput['content'],
    type: '2',
    level: 'M',
    targetType: 1,
    ...extra,
  };
}

async function draft(extra: Partial<TNoticeRequestInput> = {}): Promise<TNoticeForm> {
  return ZNoticeForm.parse(await ok('manager', 'POST', '', body(extra)));
}

const unread = async (who: string) => (await ok<{ count: number }>(who, 'GET', '/unread-count')).count;
const myPage = async (who: string, query = '') =>
  ZMyNoticePage.parse(await ok(who, 'GET', `/my-page${query}`));

async function creator(name: string): Promise<void> {
  ids[name] = await createUser(ctx.database.db, { username: name, password: OPERATOR_PASSWORD });
  tokens[name] = await accessTokenFor(ctx.app, name, OPERATOR_PASSWORD);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  ctx.app.realtime.bus.subscribe((message) => void sent.push(message));
  tokens.manager = await operatorWith(ctx, 'notice-manager', NOTICE_PERMS);
  tokens.reader = await operatorWith(ctx, 'notice-reader', ['sys:notice:query']);
  await creator('alice');
  await creator('bob');
});
afterAll(() => ctx.close());

describe('writing and publishing', () => {
  it('creates a draft, edits it, and the form gives it back; the page lists it', async () => {
    const created = await draft({ title: 'First draft' });
    expect(created).toMatchObject({ title: 'First draft', level: 'M', targetType: 1, publishStatus: 0 });
    const edited = ZNoticeForm.parse(
      await ok('manager', 'PUT', `/${created.id}`, body({ title: 'Edited', level: 'H' })),
    );
    expect(edited).toMatchObject({ id: created.id, title: 'Edited', level: 'H' });
    expect(ZNoticeForm.parse(await ok('manager', 'GET', `/${created.id}/form`))).toEqual(edited);
    const page = ZNoticePage.parse(await ok('manager', 'GET', '/page?title=edit&publishStatus=0'));
    expect(page.list.map((n) => n.id)).toContain(created.id);
    expect(page.list.find((n) => n.id === created.id)).toMatchObject({
      publishTime: null,
      publisherName: null,
    });
  });

  it('publishes to everyone once (one topic message after the commit), refuses twice and edits after', async () => {
    const before = await unread('alice');
    const notice = await draft({ title: 'For everyone' });
    sent.length = 0;
    expect((await call('manager', 'PUT', `/${notice.id}/publish`)).statusCode).toBe(200);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ userId: null, destination: NOTICE_TOPIC });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      id: notice.id,
      type: '2',
      title: 'For everyone',
      publishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // "All" writes no reader rows at publish.
    expect(
      await ctx.database.db
        .select()
        .from(userNotices)
        .where(eq(userNotices.noticeId, Number(notice.id))),
    ).toEqual([]);
    expect(await unread('alice')).toBe(before + 1);
    expect(await unread('bob')).toBe(before + 1);

    const again = await call('manager', 'PUT', `/${notice.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.NOTICE_STATE);
    const edit = await call('manager', 'PUT', `/${notice.id}`, body({ title: 'Changed' }));
    expect(edit.statusCode).toBe(409);
    const [row] = await ctx.database.db
      .select()
      .from(notices)
      .where(eq(notices.id, Number(notice.id)));
    expect(row?.title).toBe('For everyone');

    const listed = ZNoticePage.parse(await ok('manager', 'GET', '/page?publishStatus=1&title=everyone'));
    expect(listed.list[0]).toMatchObject({
      id: notice.id,
      publisherName: 'notice-manager',
      publishStatus: 1,
    });
  });

  it('publishes to chosen users on their own queue; others neither see nor may read it', async () => {
    const notice = await draft({ title: 'Only Alice', targetType: 2, targetUserIds: [String(ids.alice)] });
    const bobBefore = await unread('bob');
    sent.length = 0;
    await ok('manager', 'PUT', `/${notice.id}/publish`);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ userId: String(ids.alice), destination: '/user/queue/message' });
    expect((await myPage('alice', '?title=only')).list).toEqual([
      expect.objectContaining({ id: notice.id, isRead: 0, publisherName: 'notice-manager' }),
    ]);
    expect(await unread('bob')).toBe(bobBefore);
    expect((await myPage('bob', '?title=only')).total).toBe(0);
    const denied = await call('bob', 'GET', `/${notice.id}/detail`);
    expect(denied.statusCode).toBe(404);
    // An operator with sys:notice:query reads any notice.
    expect(ZNoticeDetail.parse(await ok('reader', 'GET', `/${notice.id}/detail`)).title).toBe('Only Alice');
  });

  it('opening the detail marks it read; read-all marks the rest (both kinds of target)', async () => {
    const one = await draft({ title: 'Read me A', targetType: 2, targetUserIds: [String(ids.bob)] });
    const two = await draft({ title: 'Read me B' });
    await ok('manager', 'PUT', `/${one.id}/publish`);
    await ok('manager', 'PUT', `/${two.id}/publish`);
    const before = await unread('bob');
    expect(before).toBeGreaterThanOrEqual(2);
    const detail = ZNoticeDetail.parse(await ok('bob', 'GET', `/${two.id}/detail`));
    expect(detail).toMatchObject({
      id: two.id,
      title: 'Read me B',
      publishStatus: 1,
      content: doc('The shop is closed from 22:00 to 23:00 UTC.'),
    });
    expect(await unread('bob')).toBe(before - 1);
    // Reading twice counts once.
    await ok('bob', 'GET', `/${two.id}/detail`);
    expect(await unread('bob')).toBe(before - 1);
    expect((await myPage('bob', '?isRead=1&title=read me')).list.map((n) => n.id)).toEqual([two.id]);
    expect((await myPage('bob', '?isRead=0&title=read me')).list.map((n) => n.id)).toEqual([one.id]);

    await ok('bob', 'PUT', '/read-all');
    expect(await unread('bob')).toBe(0);
    expect((await myPage('bob', '?isRead=0')).total).toBe(0);
    // Alice's state is hers.
    expect(await unread('alice')).toBeGreaterThan(0);
  });

  it('revokes only a published notice: it leaves its readers, unread rows go, read ones stay', async () => {
    const notice = await draft({
      title: 'Revoke me',
      targetType: 2,
      targetUserIds: [String(ids.alice), String(ids.bob)],
    });
    const draftRevoke = await call('manager', 'PUT', `/${notice.id}/revoke`);
    expect(draftRevoke.statusCode).toBe(409);
    await ok('manager', 'PUT', `/${notice.id}/publish`);
    await ok('alice', 'GET', `/${notice.id}/detail`);
    const bobBefore = await unread('bob');
    await ok('manager', 'PUT', `/${notice.id}/revoke`);
    expect(await unread('bob')).toBe(bobBefore - 1);
    const rows = await ctx.database.db
      .select()
      .from(userNotices)
      .where(eq(userNotices.noticeId, Number(notice.id)));
    expect(rows.map((r) => r.userId)).toEqual([ids.alice]);
    expect((await call('bob', 'GET', `/${notice.id}/detail`)).statusCode).toBe(404);
    const page = ZNoticePage.parse(await ok('manager', 'GET', '/page?publishStatus=-1&title=revoke'));
    expect(page.list[0]?.revokeTime).toMatch(/^\d{4}-/);
    // Published again, it reaches both as unread.
    await ok('manager', 'PUT', `/${notice.id}/publish`);
    expect(await unread('bob')).toBe(bobBefore);
  });

  it('deletes a batch all or nothing, with its reader rows', async () => {
    const a = await draft({ title: 'Delete A', targetType: 2, targetUserIds: [String(ids.alice)] });
    const b = await draft({ title: 'Delete B' });
    await ok('manager', 'PUT', `/${a.id}/publish`);
    const unknown = await call('manager', 'DELETE', `/${a.id},999999999`);
    expect(unknown.statusCode).toBe(404);
    expect((await myPage('alice', '?title=delete a')).total).toBe(1);
    await ok('manager', 'DELETE', `/${a.id},${b.id}`);
    expect((await myPage('alice', '?title=delete a')).total).toBe(0);
    expect(
      await ctx.database.db
        .select()
        .from(userNotices)
        .where(eq(userNotices.noticeId, Number(a.id))),
    ).toEqual([]);
  });

  it('filters the page by publish time', async () => {
    const notice = await draft({ title: 'Timed' });
    await ok('manager', 'PUT', `/${notice.id}/publish`);
    const today = new Date().toISOString().slice(0, 10);
    const hit = ZNoticePage.parse(
      await ok('manager', 'GET', `/page?title=timed&publishTime[]=${today}&publishTime[]=${today}`),
    );
    expect(hit.total).toBe(1);
    const miss = ZNoticePage.parse(
      await ok('manager', 'GET', `/page?title=timed&publishTime[0]=2000-01-01&publishTime[1]=2000-01-02`),
    );
    expect(miss.total).toBe(0);
    for (const day of ['0000-01-01', '2000-02-30']) {
      const refused = await call('manager', 'GET', `/page?publishTime[0]=${day}&publishTime[1]=`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.fields[0].field).toBe('publishTime');
    }
  });
});

describe('bad input', () => {
  it('names each bad field and writes nothing', async () => {
    const before = await ctx.database.db.$count(notices);
    const res = await call('manager', 'POST', '', {
      title: '',
      content: { type: 'doc', content: [] },
      type: 'no spaces allowed',
      level: 'X',
      targetType: 3,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['content', 'level', 'targetType', 'title', 'type']);
    const noTargets = await call('manager', 'POST', '', body({ targetType: 2, targetUserIds: [] }));
    expect(noTargets.statusCode).toBe(400);
    expect(noTargets.json().data.fields[0].field).toBe('targetUserIds');
    const unknownUser = await call(
      'manager',
      'POST',
      '',
      body({ targetType: 2, targetUserIds: ['999999999'] }),
    );
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().data.fields[0].field).toBe('targetUserIds');
    const html = await call('manager', 'POST', '', body({ content: '<b>hi</b>' as never }));
    expect(html.statusCode).toBe(400);
    expect(await ctx.database.db.$count(notices)).toBe(before);
    const badId = await call('manager', 'GET', '/abc/form');
    expect(badId.json().data.fields[0].field).toBe('id');
  });
});

describe('access', () => {
  it('a creator cannot page, add, edit, publish, revoke or delete; writes nothing', async () => {
    const notice = await draft({ title: 'Not yours' });
    await expectForbidden('alice', [
      ['GET', '/page'],
      ['POST', '', body({ title: 'Sneaky' })],
      ['PUT', `/${notice.id}`, body({ title: 'Sneaky' })],
      ['GET', `/${notice.id}/form`],
      ['PUT', `/${notice.id}/publish`],
      ['PUT', `/${notice.id}/revoke`],
      ['DELETE', `/${notice.id}`],
    ]);
    // A draft is not readable by its would-be readers.
    expect((await call('alice', 'GET', `/${notice.id}/detail`)).statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(notices)
      .where(eq(notices.id, Number(notice.id)));
    expect(row?.publishStatus).toBe(0);
    expect((await call(null, 'GET', '/unread-count')).statusCode).toBe(401);
  });
});
