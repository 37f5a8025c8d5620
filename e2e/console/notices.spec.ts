import { expect, test, type Browser, type Page, type WebSocket } from '@playwright/test';
import { PHONE, expectTapTargets } from '../support/phone';
import { english as t, signInAsDemo } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';
import { signInToConsole } from '../support/console';

/**
 * Issue 19, notices: an operator writes a notice in the console and publishes it to every user;
 * the demo creator's studio, open in another browser on a 360 × 640 phone, shows it live on the
 * bell (no reload) with a notification; opening it marks it read and the count drops. The
 * creator's notice pages pass axe-core in both themes, never scroll sideways, and their controls
 * are at least 44 px.
 */

/** The operator console in a browser of its own, at a desktop's size. */
async function signInAsOperator(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInToConsole(page);
  return page;
}

/** The bell's unread count, read from its name ("Notices: 3 unread"). */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notices: \d+ unread$/ });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? NaN);
}

/**
 * Resolves once the page's socket has connected again and subscribed to the notice topic. The
 * journey's access tokens live 10 s: the server ends a socket when its token expires and the
 * client comes back 5 s later with a renewed one; a notice sent in between reaches the bell only
 * through its count (read again on reconnect), not as a live message.
 */
async function freshSubscription(page: Page): Promise<WebSocket> {
  const ws = await page.waitForEvent('websocket', {
    predicate: (socket) => new URL(socket.url()).pathname === '/ws',
    timeout: 30_000,
  });
  await ws.waitForEvent('framesent', {
    predicate: (frame) =>
      String(frame.payload).startsWith('SUBSCRIBE') && String(frame.payload).includes('/topic/notice'),
    timeout: 15_000,
  });
  return ws;
}

const bellWith = (page: Page, count: number) =>
  page.getByRole('button', { name: t('common:notices.label', { count }), exact: true });

test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

test('a notice published to everyone reaches the open studio live; opening it marks it read', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);

  // The creator, on a phone, with the studio open and subscribed to the notice topic.
  await followSystemTheme(page);
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await signInAsDemo(page);
  const ws = await socket;
  await ws.waitForEvent('framesent', {
    predicate: (frame) =>
      String(frame.payload).startsWith('SUBSCRIBE') && String(frame.payload).includes('/topic/notice'),
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: /^Notices: \d+ unread$/ })).toBeVisible();
  const before = await unreadCount(page);

  // The operator writes a notice and publishes it right after the studio subscribed afresh.
  const ops = await signInAsOperator(browser, baseURL ?? '');
  await ops.goto('/#/system/notice');
  await expect(ops.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    t('system:notices.title'),
  );
  const publish = async (title: string) => {
    await ops.getByRole('button', { name: t('system:crud.action.add'), exact: true }).click();
    const dialog = ops.getByRole('dialog', { name: t('system:notices.form.addTitle') });
    await dialog.getByLabel(t('system:notices.field.title'), { exact: true }).fill(title);
    await dialog.getByLabel(t('system:notices.field.type'), { exact: true }).click();
    await ops.locator('.ant-select-item-option').filter({ hasText: 'System maintenance' }).click();
    await dialog.getByRole('radio', { name: 'High' }).check();
    await dialog
      .getByRole('textbox', { name: t('system:notices.field.content') })
      .fill('The shop closes at 22:00 UTC.');
    await dialog.getByRole('button', { name: t('system:crud.save'), exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = ops.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(t('system:notices.status.draft'));
    await row.getByRole('button', { name: t('system:notices.action.publishNamed', { name: title }) }).click();
    const ws = await freshSubscription(page);
    // The news of this notice on the socket the studio holds now.
    const news = ws
      .waitForEvent('framereceived', {
        predicate: (frame) =>
          String(frame.payload).startsWith('MESSAGE') && String(frame.payload).includes(title),
        timeout: 20_000,
      })
      .then(
        () => true,
        () => false,
      );
    await ops
      .getByRole('dialog', { name: t('system:notices.confirm.publishTitle') })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(row).toContainText(t('system:notices.status.published'));
    return { ws, live: await news };
  };

  // Journeys' access tokens live 10 s, and the studio's socket is renewed with them: on a busy
  // machine the publish can meet the moment one socket closes and the next is not yet subscribed.
  // The notice then arrives through the count read on reconnecting, with no notification (the
  // app's documented behaviour); another notice is published after the next fresh subscription.
  // A news frame that reached an open socket must show the notification, every time.
  let title = '';
  let published = 0;
  for (let live = false; !live;) {
    expect(published, 'the news of 3 notices in a row missed the socket').toBeLessThan(3);
    title = `Maintenance ${Date.now()}`;
    const outcome = await publish(title);
    published += 1;
    live = outcome.live;
    if (!live) expect(outcome.ws.isClosed(), 'the news never reached the open socket').toBe(true);
  }

  // The studio learns of it without a reload: the count goes up, a notification says so.
  await expect(bellWith(page, before + published)).toBeVisible({ timeout: 10_000 });
  const notification = page.locator('.ant-notification-notice').filter({ hasText: title });
  await expect(notification).toBeVisible();
  await expect(notification).toContainText(t('common:notices.live'));
  await page.keyboard.press('Escape');
  await expect(notification).toBeHidden();

  // The bell lists it; opening it shows the notice and marks it read.
  await bellWith(page, before + published).click();
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('The shop closes at 22:00 UTC.')).toBeVisible();
  await expect(bellWith(page, before + published - 1)).toBeVisible();
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
  await expectAccessible(page, 'a notice on a phone');
  await expectNoSidewaysScroll(page, 'a notice on a phone');
  await expectTapTargets(page, 'a notice on a phone');

  // My notices: it is there, read.
  await page.goto('/#/notices');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    t('common:notices.myTitle'),
  );
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(t('common:notices.state.read'));
  await expectAccessible(page, 'my notices on a phone');
  await expectNoSidewaysScroll(page, 'my notices on a phone');
  await expectTapTargets(page, 'my notices on a phone');

  // A reload keeps it read.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notices: \d+ unread$/ })).toBeVisible();
  expect(await unreadCount(page)).toBe(before + published - 1);
  await ops.context().close();
});
