import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { text } from '../locales';
import { accessibilityViolations } from '../support/axe';
import { demoProduct, placePaidOrder } from '../support/buyer';
import { signInToConsole } from '../support/console';
import { waitForMail } from '../support/mailbox';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english as t } from '../support/studio';
import { expectNoSidewaysScroll } from '../support/themes';

/*
 * After shipping (issue 35, decision 0061), on a 360 × 640 phone: the buyer opens the order from
 * the shipping mail, reports a damaged item with a photo, and the operator resolves the case in
 * the console with a refund of the line; the buyer is mailed and the order page says so.
 */
test.use({ ...PHONE, bypassCSP: true });

interface Envelope<T> {
  code: string;
  data: T;
}

const sf = (key: string) => text('en', `storefront:${key}`);

async function expectAccessible(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
}

async function operatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  return ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

test('a buyer reports a damaged item with a photo; the operator refunds the line', async ({
  page,
  request,
}) => {
  const email = `case-${Date.now()}@example.com`;
  const product = await demoProduct(request);
  const { orderNo } = await placePaidOrder(request, { email, language: 'en' }, product.id, 1);

  // The platform ships it.
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const detail = await request.get(`/api/v1/system/orders/${orderNo}`, { headers });
  const { version } = ((await detail.json()) as Envelope<{ version: number }>).data;
  const shipped = await request.post('/api/v1/system/orders/ship', {
    headers,
    data: { items: [{ orderNo, version, carrier: 'usps', trackingNo: '9400111899223817576543' }] },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);

  // The buyer comes back from the shipping mail's link.
  const mail = await waitForMail(email, new RegExp(`Your order ${orderNo} .* is on its way`));
  const link = new URL(
    /https?:\/\/\S+\/order\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\?lang=en/.exec(mail)?.[0] ?? '',
  );
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(sf('order.stage.delivered'))).toBeVisible();

  // A photo the browser draws, as a phone's camera would hand one over.
  // (Written as text: the journeys are typed without the DOM's types.)
  const photo = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    context.fillStyle = '#a33';
    context.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/png').split(',')[1];
  })()`);

  await page.getByRole('button', { name: /^Report a problem with / }).click();
  await page.getByLabel(sf('cases.form.reason')).selectOption('damaged');
  await page.getByLabel(sf('cases.form.message')).fill('The mug arrived with a crack in the handle.');
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: Buffer.from(photo, 'base64') });
  await expectAccessible(page, 'the report form');
  await expectNoSidewaysScroll(page, 'the report form');
  await page.getByRole('button', { name: sf('cases.form.send') }).click();
  await expect(page.getByText(sf('cases.form.done'))).toBeVisible();
  await expect(page.getByText(sf('cases.list.status.new'))).toBeVisible();
  await expectAccessible(page, 'the order with its report');

  const cases = await request.get(`/api/v1/public/orders/by-link/${link.pathname.split('/').pop()}/cases`);
  const caseId = ((await cases.json()) as Envelope<{ cases: { id: string }[] }>).data.cases[0]?.id ?? '';
  expect(caseId).not.toBe('');

  // The operator finds it in Commerce › Cases and refunds the line.
  await signInToConsole(page);
  await page.goto('/#/commerce/cases');
  await page.getByRole('button', { name: t('orders:cases.openLabel', { id: caseId, orderNo }) }).click();
  const drawer = page.getByRole('dialog', { name: t('orders:cases.detail.title', { id: caseId }) });
  await expect(
    drawer
      .getByRole('region', { name: t('orders:cases.detail.message') })
      .getByText('The mug arrived with a crack in the handle.'),
  ).toBeVisible();
  await expect(drawer.getByRole('img', { name: t('orders:cases.detail.photoAlt', { n: 1 }) })).toBeVisible();
  await drawer.getByRole('button', { name: t('orders:cases.actions.refund.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('orders:cases.actions.refund.title', { id: caseId }) });
  await dialog.getByRole('button', { name: t('orders:cases.actions.refund.submit'), exact: true }).click();
  await expect(page.getByText(t('orders:cases.actions.refund.done', { id: caseId }))).toBeVisible();

  // The buyer is mailed, and the order page says it is resolved with a refund.
  await waitForMail(email, new RegExp(orderNo));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(sf('cases.list.resolution.refund'))).toBeVisible();
});
