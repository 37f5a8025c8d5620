import { expect, test, type Browser, type Page } from '@playwright/test';
import { MIN_TAP, PHONE } from '../support/phone';
import { english as t } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';
import { signInToConsole } from '../support/console';

/**
 * Issue 20, demo pages (part b): an operator picks users in the table select, uploads an image
 * and files, inserts an uploaded image in rich text and saves the document, signs and saves the
 * signature; on the websocket page a broadcast reaches both the administrator and a second
 * operator, and a direct message reaches the named one only. Every page passes axe-core in both
 * themes and does not scroll sideways at 360 px.
 */
test.use({ bypassCSP: true });

/** A 1 × 1 PNG: the files API re-encodes it like any image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function signIn(page: Page, username: string, nickname: string): Promise<void> {
  await signInToConsole(page, { username, nickname });
}

async function openDemo(page: Page, path: string, titleKey: string): Promise<void> {
  await page.goto(`/#/demo/${path}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(t(titleKey));
}

/** axe in both themes, then no sideways scroll on a 360 px phone; back to the desktop size. */
async function checkPage(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, what);
  await page.setViewportSize({ width: 360, height: 640 });
  await expectNoSidewaysScroll(page, `${what} at 360 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const region = (page: Page, key: string) => page.getByRole('region', { name: t(key), exact: true });

test('table select, uploads, rich text and signature', async ({ page }) => {
  test.setTimeout(240_000);
  await followSystemTheme(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', 'Administrator');

  // Table select: one user by search, then two; the field shows their names.
  await openDemo(page, 'component/table-select', 'demo-pages:tableSelect.title');
  const single = region(page, 'demo-pages:tableSelect.single');
  await single.getByRole('button', { name: t('demo-pages:tableSelect.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('demo-pages:tableSelect.singleTitle') });
  await dialog.getByLabel(t('demo-pages:tableSelect.keywords')).fill('test');
  await dialog.getByRole('button', { name: t('system:crud.search.submit') }).click();
  const tester = dialog.getByRole('radio', { name: 'Tester (test)' });
  await expect(tester).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expectAccessible(page, 'table select dialog');
  await tester.check();
  await dialog.getByRole('button', { name: t('demo-pages:tableSelect.ok') }).click();
  await expect(dialog).toBeHidden();
  await expect(single.getByText('Tester (test)', { exact: true })).toBeVisible();
  await expect(single.getByTestId('chosen-ids')).toHaveText(/^\d+$/);

  const several = region(page, 'demo-pages:tableSelect.multiple');
  await several.getByRole('button', { name: t('demo-pages:tableSelect.open') }).click();
  const many = page.getByRole('dialog', { name: t('demo-pages:tableSelect.multipleTitle') });
  await many.getByRole('checkbox', { name: 'Administrator (admin)' }).check();
  await many.getByRole('checkbox', { name: 'Tester (test)' }).check();
  await expect(many.getByText(t('demo-pages:tableSelect.selectedCount_other', { count: 2 }))).toBeVisible();
  await many.getByRole('button', { name: t('demo-pages:tableSelect.ok') }).click();
  await expect(several.getByTestId('chosen-ids')).toHaveText(/^\d+, \d+$/);
  await several
    .getByRole('button', { name: t('demo-pages:tableSelect.remove', { label: 'Tester (test)' }) })
    .click();
  await expect(several.getByTestId('chosen-ids')).toHaveText(/^\d+$/);
  await checkPage(page, 'table select demo');

  // Uploads: one image, two images, files (a text file is refused before sending).
  await openDemo(page, 'component/upload', 'demo-pages:upload.title');
  const one = region(page, 'demo-pages:upload.single');
  await one.locator('input[type=file]').setInputFiles(png('face.png'));
  await expect(one.getByText(/\/files\/avatar\//)).toBeVisible();
  const images = region(page, 'demo-pages:upload.multiple');
  await images.locator('input[type=file]').setInputFiles([png('one.png'), png('two.png')]);
  await expect(images.getByText(/\/files\/banner\/.*, .*\/files\/banner\//)).toBeVisible();
  const files = region(page, 'demo-pages:upload.file');
  await files
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(`notes.txt: ${t('common:upload.notAnImage')}`)).toBeVisible();
  await files.locator('input[type=file]').setInputFiles(png('scan.png'));
  await expect(files.getByText('scan.png', { exact: true }).last()).toBeVisible();
  await expect(files.locator('code')).toHaveText('scan.png');
  await checkPage(page, 'upload demo');

  // Rich text: a line, an uploaded image, saved as a document (JSON, no HTML).
  await openDemo(page, 'component/rich-text', 'demo-pages:richText.title');
  const editor = page.getByRole('textbox', { name: t('demo-pages:richText.fieldLabel') });
  await editor.click();
  await page.keyboard.type('A soft tee');
  await region(page, 'demo-pages:richText.editor').locator('input[type=file]').setInputFiles(png('tee.png'));
  await expect(editor.locator('img[src*="/files/banner/"]')).toBeVisible();
  await page.getByRole('button', { name: t('demo-pages:richText.save') }).click();
  const stored = page.getByTestId('stored-doc');
  await expect(stored).toContainText('"type": "image"');
  await expect(stored).toContainText('"alt": "tee"');
  await expect(stored).toContainText('A soft tee');
  await expect(stored).not.toContainText('<img');
  await expect(region(page, 'demo-pages:richText.stored').getByRole('img', { name: 'tee' })).toBeVisible();
  await checkPage(page, 'rich text demo');

  // Signature at 360 px: draw, clear, draw again, save as a PNG upload.
  await page.setViewportSize({ width: 360, height: 640 });
  await openDemo(page, 'component/signature', 'demo-pages:signature.title');
  const canvas = page.getByRole('img', { name: t('demo-pages:signature.canvas') });
  const draw = async () => {
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + 20, box.y + 40);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 20 + i * 20, box.y + 40 + (i % 3) * 30);
    await page.mouse.up();
  };
  const save = page.getByRole('button', { name: t('demo-pages:signature.save') });
  await expect(save).toBeDisabled();
  await draw();
  await expect(page.getByText(t('demo-pages:signature.drawn'))).toBeVisible();
  await page.getByRole('button', { name: t('demo-pages:signature.clear') }).click();
  await expect(save).toBeDisabled();
  await draw();
  await save.click();
  await expect(page.getByTestId('signature-url')).toHaveText(/^\/files\/shop\/.*\.(png|webp)$/);
  await expect(page.getByRole('img', { name: t('demo-pages:signature.savedImage') })).toBeVisible();
  await expectNoSidewaysScroll(page, 'signature demo at 360 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkPage(page, 'signature demo');
});

test('signature with a finger on a 360 × 640 touch phone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 640 }, baseURL });
  const page = await context.newPage();
  await signIn(page, 'admin', 'Administrator');
  await openDemo(page, 'component/signature', 'demo-pages:signature.title');
  const canvas = page.getByRole('img', { name: t('demo-pages:signature.canvas') });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  expect(box.width).toBeLessThanOrEqual(360);
  // Real touch input (the browser's own touch events), not a mouse.
  const cdp = await context.newCDPSession(page);
  const at = (i: number) => [{ x: box.x + 30 + i * 25, y: box.y + 60 + (i % 2) * 40 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 8; i += 1)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(page.getByText(t('demo-pages:signature.drawn'))).toBeVisible();
  await page.getByRole('button', { name: t('demo-pages:signature.save') }).tap();
  await expect(page.getByTestId('signature-url')).toHaveText(/^\/files\/shop\//);
  await expectNoSidewaysScroll(page, 'signature on a touch phone');
  // The page's own controls are tap targets of at least 44 px (the console shell is not this issue's).
  const small = await page.evaluate<string[]>(
    `[...document.querySelectorAll('main section button, main section a, main section input')].map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && (r.width < ${MIN_TAP} - 0.5 || r.height < ${MIN_TAP} - 0.5)).map(([e, r]) => e.textContent.trim() + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`,
  );
  expect(small, 'signature page: tap targets under 44 px').toEqual([]);
  await context.close();
});

async function operatorPage(browser: Browser, baseURL: string, username: string, nickname: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await followSystemTheme(page);
  await signIn(page, username, nickname);
  await openDemo(page, 'function/websocket', 'demo-pages:websocket.title');
  await expect(page.getByRole('status')).toHaveText(t('demo-pages:websocket.state.connected'));
  return page;
}

const messages = (page: Page) => page.getByRole('list', { name: t('demo-pages:websocket.messages') });

test('websocket: a broadcast reaches both operators, a direct message only the named one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await operatorPage(browser, baseURL ?? '', 'admin', 'Administrator');
  const root = await operatorPage(browser, baseURL ?? '', 'root', 'Root');

  // Access tokens live 10 s in journeys: a socket the server ended comes back with a renewed one,
  // and a message sent in that gap is lost — send again until it arrives.
  let n = 0;
  await expect(async () => {
    n += 1;
    const content = `Maintenance at noon #${n}`;
    await admin
      .getByRole('region', { name: t('demo-pages:websocket.broadcast') })
      .getByLabel(t('demo-pages:websocket.message'))
      .fill(content);
    await admin.getByRole('button', { name: t('demo-pages:websocket.sendToAll') }).click();
    const seen = t('demo-pages:websocket.serverNotice', { content, sender: 'admin' });
    await expect(messages(admin).getByText(seen)).toBeVisible({ timeout: 3_000 });
    await expect(messages(root).getByText(seen)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });

  const direct = admin.getByRole('region', { name: t('demo-pages:websocket.direct') });
  await direct.getByLabel(t('demo-pages:websocket.to')).fill('root');
  await expect(async () => {
    n += 1;
    const content = `Just for you #${n}`;
    await direct.getByLabel(t('demo-pages:websocket.message')).fill(content);
    await admin.getByRole('button', { name: t('demo-pages:websocket.sendToUser') }).click();
    await expect(
      messages(root).getByText(t('demo-pages:websocket.directFrom', { content, sender: 'admin' })),
    ).toBeVisible({
      timeout: 3_000,
    });
    await expect(
      messages(admin).getByText(t('demo-pages:websocket.directTo', { content, to: 'root' })),
    ).toBeVisible();
  }).toPass({ timeout: 60_000 });
  // The sender's own list never shows it as received.
  await expect(messages(admin).locator('li[data-kind="direct"]')).toHaveCount(0);

  // Disconnect and connect again.
  await admin.getByRole('button', { name: t('demo-pages:websocket.disconnect') }).click();
  await expect(admin.getByRole('status')).toHaveText(t('demo-pages:websocket.state.disconnected'));
  await expect(admin.getByRole('button', { name: t('demo-pages:websocket.sendToAll') })).toBeDisabled();
  await admin.getByRole('button', { name: t('demo-pages:websocket.connect'), exact: true }).click();
  await expect(admin.getByRole('status')).toHaveText(t('demo-pages:websocket.state.connected'));

  await checkPage(admin, 'websocket demo');
  await admin.context().close();
  await root.context().close();
});
