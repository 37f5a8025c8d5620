import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { text } from '../locales';
import { PHONE } from '../support/phone';
import { english as t } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';
import { signInToConsole } from '../support/console';

/**
 * Issue 20, code generator: an operator finds a table, configures it (entity name, a column's
 * label), previews a generated file in the code view, and downloads the zip, whose entries are
 * the previewed files. The page, its drawer and its preview pass axe-core in both themes; on a
 * 360 px phone the page and the settings (cards, not a grid) never scroll sideways.
 */
test.use({ bypassCSP: true });

/** The names in a zip's central directory (no library: the format is simple enough). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names.filter((name) => !name.endsWith('/'));
}

const heading = () => text('en', 'common:route.Code generator');

test('an operator configures a table, previews a file and downloads the zip', async ({ page }) => {
  test.setTimeout(120_000);
  await followSystemTheme(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page);
  await page.goto('/#/dev/codegen');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(heading());

  await page.getByLabel(t('system:crud.field.keywords')).fill('configs');
  await page.getByRole('button', { name: t('system:crud.search.submit'), exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByText('configs', { exact: true }) });
  await expect(row).toContainText('System settings');
  await expectAccessible(page, 'code generator');

  // Configure: the entity's name and a column's label.
  await row
    .getByRole('button', { name: t('system:codegen.action.configureTable', { table: 'configs' }) })
    .click();
  const drawer = page
    .getByRole('dialog')
    .filter({ hasText: t('system:codegen.config.title', { table: 'configs' }) });
  await expect(drawer.getByLabel(t('system:codegen.config.entityName'))).toHaveValue('Config');
  await drawer.getByLabel(t('system:codegen.config.entityName')).fill('Setting');
  await drawer.getByLabel(`${t('system:codegen.field.fieldComment')} — key`).fill('Setting key');
  await expectAccessible(page, 'code generator settings');
  await drawer.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(page.getByText(t('system:codegen.config.saved'))).toBeVisible();
  await expect(row).toContainText(t('system:codegen.table.yes'));

  // Preview: pick the Drizzle table, read it.
  await row
    .getByRole('button', { name: t('system:codegen.action.previewTable', { table: 'configs' }) })
    .click();
  const preview = page
    .getByRole('dialog')
    .filter({ hasText: t('system:codegen.preview.title', { table: 'configs' }) });
  await preview.getByLabel(t('system:codegen.preview.file')).click();
  await page
    .locator('.ant-select-dropdown')
    .getByTitle('apps/server/src/modules/configs/setting.table.ts')
    .click();
  const code = preview.getByRole('textbox', {
    name: t('system:codegen.preview.code', { file: 'setting.table.ts' }),
  });
  await expect(code).toContainText("export const configs = pgTable('configs', {");
  await expect(code).toContainText('/** Setting key */');
  await expect(preview.getByRole('button', { name: t('system:codegen.preview.write') })).toHaveCount(0);
  await expectAccessible(page, 'code generator preview');

  // Download: the zip holds every previewed file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('button', { name: t('system:codegen.preview.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('configs.zip');
  const entries = zipEntries(readFileSync(await download.path()));
  expect(entries.sort()).toEqual(
    [
      'packages/contract/src/configs/setting.schema.ts',
      'packages/contract/src/configs/setting.routes.ts',
      'apps/server/src/modules/configs/setting.table.ts',
      'apps/server/src/modules/configs/setting.repository.ts',
      'apps/server/src/modules/configs/setting.service.ts',
      'apps/server/src/modules/configs/setting.routes.ts',
      'apps/server/src/modules/configs/setting.test.ts',
      'apps/web/src/console/configs/setting-api.ts',
      'apps/web/src/console/configs/setting-page.tsx',
      'apps/web/src/console/configs/setting.locale.en.json',
      entries.find((e) => /^apps\/server\/drizzle\/\d{4}_configs\.sql$/.test(e)) ?? 'the migration',
    ].sort(),
  );
  await preview
    .locator('.ant-modal-footer')
    .getByRole('button', { name: t('system:codegen.close') })
    .click();

  // Back to the defaults.
  await row
    .getByRole('button', { name: t('system:codegen.action.resetTable', { table: 'configs' }) })
    .click();
  await expect(row).toContainText(t('system:codegen.table.no'));
});

test.describe('on a phone', () => {
  test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

  test('the page and its settings fit 360 px', async ({ page }) => {
    await signInToConsole(page);
    await page.goto('/#/dev/codegen');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(heading());
    await expect(page.getByText('configs', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'code generator');
    await page
      .getByRole('button', { name: t('system:codegen.action.configureTable', { table: 'configs' }) })
      .click();
    const drawer = page
      .getByRole('dialog')
      .filter({ hasText: t('system:codegen.config.title', { table: 'configs' }) });
    await expect(drawer.getByLabel(`${t('system:codegen.field.fieldComment')} — key`)).toBeVisible();
    // One card per column, not a grid.
    await expect(drawer.locator('.ant-card')).not.toHaveCount(0);
    await expect(drawer.locator('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'code generator settings');
  });
});
