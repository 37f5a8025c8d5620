import { expect, test, type Locator, type Page } from '@playwright/test';
import { MIN_TAP, PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english as t } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Issue 20, the developer side's editor part, on a 360 × 640 phone. An operator opens API
 * documentation (Swagger UI served by our server, framed by the console), expands
 * GET /api/v1/users/me, Try it out → Execute, and gets 200 with their own user: the frame asked
 * the console for the token. That part runs under the real Content-Security-Policy (no
 * `bypassCSP`), so it also proves the docs' policy lets Swagger UI run. Then the operation log's
 * Details show a log's text in the code editor's log mode: the server's `[error]` block as a
 * levelled block, a download marker as a link.
 */
test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

const DOCS = t('system:apiDocs.frameTitle');

async function signIn(page: Page, password = E2E_SEED_PASSWORD): Promise<void> {
  await page.goto('/#/console/login');
  await page.getByLabel(t('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(t('console:login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('console:login.submit'), exact: true }).click();
}

/** What this part adds is tapped with a finger: at least 44 × 44 px. */
async function expectTapTarget(target: Locator, what: string): Promise<void> {
  // `boundingBox` does not wait: measured while the list redrew, the button had no box (0 px).
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0), what).toBeGreaterThanOrEqual(MIN_TAP);
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

test.describe('under the real Content-Security-Policy', () => {
  test('an operator tries GET /api/v1/users/me in the API documentation and gets their own user', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('console:dashboard.heading', { name: 'Administrator' }),
    );

    // Through the menu: Developer tools → API documentation.
    await page.goto('/#/dev/api-docs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('system:apiDocs.title'));
    const docs = page.frameLocator(`iframe[title="${DOCS}"]`);
    // The tags come collapsed: open "accounts", then the operation (Swagger UI reads the whole
    // document first, which takes a while on a busy machine).
    await docs.locator('.opblock-tag[data-tag="accounts"]').click({ timeout: 60_000 });
    const me = docs.locator('.opblock-get').filter({
      has: docs.locator('[data-path="/api/v1/users/me"]'),
    });
    await expect(me).toHaveCount(1);
    await me.locator('.opblock-summary-control').click();
    await me.getByRole('button', { name: 'Try it out' }).click();
    await me.getByRole('button', { name: 'Execute' }).click();
    const response = me.locator('.live-responses-table');
    await expect(response.locator('tbody .response-col_status')).toHaveText('200');
    await expect(response.locator('tbody .response-col_description')).toContainText('"username": "admin"');
    await expect(response.locator('tbody .response-col_description')).toContainText('"code": 1,');
    // The token travelled as a header, never in an address.
    await expect(me.locator('.request-url')).not.toContainText('Bearer');
    await expect(me.locator('.curl-command')).toContainText('Authorization: Bearer');

    await expectNoSidewaysScroll(page, 'API documentation');
    const frameBox = await page.locator(`iframe[title="${DOCS}"]`).boundingBox();
    expect(frameBox?.width ?? 0).toBeGreaterThan(300);
    expect(refused).toEqual([]);
  });
});

test.describe('accessibility (axe is injected: bypassCSP)', () => {
  test.use({ bypassCSP: true });

  test('the API documentation page and a log in the code editor pass axe in both themes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await followSystemTheme(page);
    // A refused sign-in first: the server logs it with an `[error]` block.
    await signIn(page, 'not-the-password-1');
    await expect(page.getByRole('button', { name: t('console:login.submit'), exact: true })).toBeEnabled();
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('console:dashboard.heading', { name: 'Administrator' }),
    );

    // The API documentation page: the console around the frame. The frame's content is Swagger
    // UI's own markup, left out of axe (docs/decisions/0046-api-docs-and-openapi.md).
    await page.goto('/#/dev/api-docs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('system:apiDocs.title'));
    await expect(page.frameLocator(`iframe[title="${DOCS}"]`).locator('.swagger-ui .info')).toBeVisible({
      timeout: 30_000,
    });
    await settled(page);
    await expectAccessible(page, 'API documentation', { leaveOutFrames: true });

    // The refused sign-in in the operation log; one download marker added to what the server
    // answers (no server action writes one yet), to see it become a link.
    await page.route(
      (url) => url.pathname === '/api/v1/logs/page',
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: { list: Array<{ content: string }> } | null };
        // A refusal passes as it is: an access token expired on the way (they live 10 s here) is
        // renewed by the console, which asks again.
        if (!body.data) return route.fulfill({ response: answer });
        for (const log of body.data.list)
          log.content +=
            '\n[download]{"href":"/api/v1/files/e2e-report","download":"report.xlsx"}[/download]';
        await route.fulfill({ status: answer.status(), json: body });
      },
    );
    await page.goto('/#/system/log');
    const search = page.getByRole('search');
    await search.getByRole('textbox', { name: t('system:logs.field.module') }).fill('login');
    await search.getByRole('combobox', { name: t('system:logs.field.result') }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: t('system:logs.status.failure') })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'POST /api/v1/auth/login' }).first();
    await expect(async () => {
      await search.getByRole('button', { name: t('system:crud.search.submit'), exact: true }).click();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // The last search's answer is in: the rows are not redrawn under the measurement below.
    await settled(page);
    const details = row.getByRole('button', { name: new RegExp(t('system:logs.action.detail')) });
    await expectTapTarget(details, 'Details');
    await details.click();
    const dialog = page.getByRole('dialog', { name: t('system:logs.detail.title') });
    const editor = dialog.getByRole('textbox', { name: t('system:logs.detail.text') });
    await expect(editor).toBeVisible();
    await expect(editor).toHaveAttribute('aria-readonly', 'true');
    await expect(dialog.locator('.cm-lineNumbers')).toBeVisible();
    // The server's block: its level's badge, its text coloured, the tags gone.
    await expect(dialog.locator('.cm-log-badge.cm-log-error')).toHaveText(t('common:codeEditor.level.error'));
    await expect(dialog.locator('[data-level="error"]').first()).toContainText('A0');
    await expect(editor).not.toContainText('[error]');
    const link = dialog.getByRole('link', { name: t('common:codeEditor.logDownload') });
    await expect(link).toHaveAttribute('href', '/api/v1/files/e2e-report');
    await expect(link).toHaveAttribute('download', 'report.xlsx');
    await expectTapTarget(link, 'the download link');
    await expectTapTarget(dialog.getByRole('button', { name: 'Close' }), 'the dialog’s Close');
    await settled(page);
    await expectAccessible(page, 'log details with the code editor');
    await expectNoSidewaysScroll(page, 'log details');
    // Keyboard: Tab leaves a read-only editor (in an editable one Tab indents: Escape, then Tab).
    await editor.focus();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await expect(dialog).toBeVisible();
  });
});
