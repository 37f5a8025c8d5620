import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { listenForSockets, stompListener } from '../../test/stomp-listener';
import { accessTokenFor, createUser, OPERATOR_PASSWORD, operatorWith } from '../../test/users';

let ctx: TestContext;
let url = '';
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const { ok } = apiCalls(() => ctx.app, tokens, '/notices');

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  url = await listenForSockets(ctx);
  tokens.manager = await operatorWith(ctx, 'live-notice-manager', ['sys:notice:add', 'sys:notice:publish']);
  for (const name of ['live-alice', 'live-bob']) {
    ids[name] = await createUser(ctx.database.db, { username: name, password: OPERATOR_PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, name, OPERATOR_PASSWORD);
  }
});
afterAll(() => ctx.close());

const listen = (token: string, destinations: string[]) => stompListener(url, token, destinations);

const body = (title: string, extra: object = {}) => ({
  title,
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
  type: '1',
  level: 'L',
  targetType: 1,
  ...extra,
});

describe('publishing live over the socket', () => {
  it('a notice to everyone reaches every connected user on /topic/notice; a chosen one only its targets', async () => {
    const alice = await listen(tokens['live-alice'] ?? '', ['/topic/notice', '/user/queue/message']);
    const bob = await listen(tokens['live-bob'] ?? '', ['/topic/notice', '/user/queue/message']);
    const all = await ok<{ id: string }>('manager', 'POST', '', body('Everyone'));
    await ok('manager', 'PUT', `/${all.id}/publish`);
    await expect.poll(() => alice.received.length, { timeout: 2_000 }).toBe(1);
    await expect.poll(() => bob.received.length, { timeout: 2_000 }).toBe(1);
    expect(alice.received[0]).toEqual({
      destination: '/topic/notice',
      body: { id: all.id, type: '1', title: 'Everyone', publishTime: expect.any(String) as string },
    });

    const chosen = await ok<{ id: string }>(
      'manager',
      'POST',
      '',
      body('Just Bob', { targetType: 2, targetUserIds: [String(ids['live-bob'])] }),
    );
    await ok('manager', 'PUT', `/${chosen.id}/publish`);
    await expect.poll(() => bob.received.length, { timeout: 2_000 }).toBe(2);
    expect(bob.received[1]).toMatchObject({ destination: '/user/queue/message', body: { id: chosen.id } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alice.received).toHaveLength(1);
    await Promise.all([alice.client.deactivate(), bob.client.deactivate()]);
  });
});
