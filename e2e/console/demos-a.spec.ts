import { expect, test, type Page } from '@playwright/test';
import { english as t } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';
import { signInToConsole } from '../support/console';

/**
 * Issue 20, demo pages (part demos-a), as an operator meets them: CRUD built from a page
 * configuration on the users API (add with a server field error, edit, delete), the dictionary
 * components, the icon selector and gallery, nested menus whose page keeps its state across tags,
 * one view opened by two menus with their own query, the internal document, and the navbar links
 * appearing once their settings are set. Each page passes axe-core in both themes.
 */
test.use({ bypassCSP: true });

const USERNAME = `demo_${Date.now()}`;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();
const tags = (page: Page) => page.getByRole('navigation', { name: t('console:tagsView.label') });

async function openPage(page: Page, hash: string, title: string): Promise<void> {
  await page.goto(`/#${hash}`);
  await expect(heading(page)).toHaveText(title);
  await settled(page);
}

test.beforeEach(async ({ page, context }) => {
  await followSystemTheme(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInToConsole(page);
});

test('CRUD from a page configuration: add (a server field error first), edit and delete a user', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openPage(page, '/demo/component/curd', t('demos:curd.title'));
  await expectAccessible(page, 'CRUD demo');

  await page.getByRole('button', { name: t('system:crud.action.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('users:form.addTitle') });
  await expect(dialog).toBeVisible();
  // The contract's schema, checked in the browser: nothing is sent.
  await dialog.getByLabel(t('users:field.username')).fill('a b');
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog.getByText(t('users:validation.username'))).toBeVisible();

  // A taken username: the server's message on the field.
  await dialog.getByLabel(t('users:field.username')).fill('admin');
  await dialog.getByLabel(t('users:field.nickname')).fill('Demo person');
  await dialog.getByLabel(t('users:field.password'), { exact: true }).fill('demo-pass-1');
  await dialog.getByLabel(t('users:field.roles')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'CRUD demo, add dialog');
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog.getByText(/already in use/)).toBeVisible();

  await dialog.getByLabel(t('users:field.username')).fill(USERNAME);
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('search');
  await search.getByLabel(t('system:crud.field.keywords')).fill(USERNAME);
  await search.getByRole('button', { name: t('system:crud.search.submit') }).click();
  const row = page.getByRole('row').filter({ hasText: USERNAME });
  await expect(row).toContainText('Demo person');

  await row.getByRole('button', { name: t('users:action.edit', { name: USERNAME }) }).click();
  const edit = page.getByRole('dialog', { name: t('users:form.editTitle') });
  await expect(edit.getByLabel(t('users:field.nickname'))).toHaveValue('Demo person');
  // The first password is asked only when adding.
  await expect(edit.getByLabel(t('users:field.password'), { exact: true })).toHaveCount(0);
  await edit.getByLabel(t('users:field.nickname')).fill('Renamed person');
  await edit.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Renamed person');

  await row.getByRole('button', { name: t('users:action.delete', { name: USERNAME }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('system:crud.delete.ok') })
    .click();
  await expect(page.getByRole('row').filter({ hasText: USERNAME })).toHaveCount(0);
});

test('dictionary components, the icon selector and the icon gallery', async ({ page }) => {
  test.setTimeout(180_000);
  await openPage(page, '/demo/component/dict', t('demos:dict.title'));
  await page
    .getByRole('radiogroup', { name: t('demos:dict.genderRadio') })
    .getByText('Female')
    .click();
  await expect(page.getByTestId('dict-gender')).toHaveText('Female');
  // The drop-down follows the same value.
  await expect(page.locator('#demo-dict-gender-select').locator('..').locator('..')).toContainText('Female');
  const checkboxes = page
    .getByRole('group', { name: t('demos:dict.noticeTypeCheckbox') })
    .getByRole('checkbox');
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  await expect(page.getByTestId('dict-notice-types').locator('.ant-tag')).toHaveCount(2);
  await expect(page.getByTestId('dict-notice-types')).toContainText('System upgrade');
  await expectAccessible(page, 'dictionary demo');

  await openPage(page, '/demo/component/icon-selector', t('demos:iconSelector.title'));
  await page.getByLabel(t('demos:iconSelector.field')).click();
  await page.getByRole('searchbox', { name: t('system:menus.icon.search') }).fill('sta');
  await page.getByRole('button', { name: 'star', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(t('demos:iconSelector.selected', { name: 'star' }));
  await expect(page.getByLabel(t('demos:iconSelector.field'))).toHaveValue('star');
  // The picker's pop-over closes with an animation: checked while it faded out, its search box and
  // icon grid were content outside any landmark (axe's "region").
  await expect(page.getByRole('searchbox', { name: t('system:menus.icon.search') })).toBeHidden();
  await expectAccessible(page, 'icon selector demo');

  await openPage(page, '/demo/function/icons', t('demos:icons.title'));
  await page.getByRole('searchbox', { name: t('demos:icons.search') }).fill('hom');
  const list = page.getByRole('list', { name: t('demos:icons.list') });
  await expect(list.getByRole('listitem')).toHaveCount(2); // home, homepage
  await list.getByRole('button', { name: t('demos:icons.copy', { name: 'home' }), exact: true }).click();
  await expect(page.getByText(t('demos:icons.copied', { name: 'home' }))).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('home');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page, 'icon gallery');
});

test('nested menus keep their page alive across tags; one view, two menus; the internal document', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const level31 = t('common:route.Level 3-1');
  const level32 = t('common:route.Level 3-2');
  const note = page.getByRole('textbox', { name: t('demos:multiLevel.note') });

  await openPage(page, '/demo/multi-level/level1/level2/level3-1', t('demos:multiLevel.level1'));
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(t('demos:multiLevel.level2'));
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(level31);
  await note.fill('kept for 3-1');
  await expectAccessible(page, 'multi-level level 3-1');

  await openPage(page, '/demo/multi-level/level1/level2/level3-2', t('demos:multiLevel.level1'));
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(level32);
  await expect(note).toHaveValue('');
  await note.fill('kept for 3-2');

  // Switching tags: each page still holds what was typed, also after another page was open.
  await tags(page).getByRole('link', { name: level31 }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(level31);
  await expect(note).toHaveValue('kept for 3-1');
  await tags(page)
    .getByRole('link', { name: t('console:layout.home') })
    .click();
  await expect(heading(page)).toHaveText(t('console:dashboard.heading', { name: 'Administrator' }));
  await tags(page).getByRole('link', { name: level32 }).click();
  await expect(note).toHaveValue('kept for 3-2');
  await tags(page).getByRole('link', { name: level31 }).click();
  await expect(note).toHaveValue('kept for 3-1');

  // Route parameters: one view, two menus, each with its own `type`.
  const type1 = t('common:route.Parameter type 1');
  const type2 = t('common:route.Parameter type 2');
  await openPage(page, '/demo/route-param/type1?type=1', t('demos:routeParam.title', { menu: type1 }));
  await expect(page.getByTestId('route-param-type')).toHaveText('1');
  await expectAccessible(page, 'route parameters');
  await openPage(page, '/demo/route-param/type2?type=2', t('demos:routeParam.title', { menu: type2 }));
  await expect(page.getByTestId('route-param-type')).toHaveText('2');
  await expect(tags(page).getByRole('link', { name: type1 })).toBeVisible();
  await expect(tags(page).getByRole('link', { name: type2 })).toBeVisible();

  await openPage(page, '/demo/internal-doc', t('demos:internalDoc.title'));
  for (const section of ['menus', 'permissions', 'dictionaries', 'tags']) {
    await expect(
      page.getByRole('heading', { level: 2, name: t(`demos:internalDoc.${section}.title`) }),
    ).toBeVisible();
  }
  await expectAccessible(page, 'internal document');
});

test('the navbar shows the documentation link once its setting holds an http(s) address', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const docLink = page.getByRole('link', { name: t('console:navbar.links.doc') });
  await openPage(page, '/system/config', t('system:configs.title'));
  await expect(docLink).toHaveCount(0);

  const search = page.getByRole('search');
  await search.getByLabel(t('system:crud.field.keywords')).fill('DOC_URL');
  await search.getByRole('button', { name: t('system:crud.search.submit') }).click();
  await page
    .getByRole('button', { name: t('system:configs.action.edit', { name: 'Documentation link' }) })
    .click();
  const dialog = page.getByRole('dialog', { name: t('system:configs.form.editTitle') });
  const value = dialog.getByLabel(t('system:configs.field.value'));
  await expect(dialog.getByLabel(t('system:configs.field.key'))).toHaveValue('DOC_URL');

  await value.fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog.getByText('Please enter a valid web address (http or https)')).toBeVisible();
  await expect(docLink).toHaveCount(0);

  await value.fill('https://docs.example.com/linkstore');
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(docLink).toHaveAttribute('href', 'https://docs.example.com/linkstore');
  await expect(docLink).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: t('console:navbar.links.code') })).toHaveCount(0);
  // The "Saved" toast, and the Edit button's tooltip (focus comes back to it), sit outside the
  // landmarks: the navbar is checked once they are gone.
  await page.evaluate('document.activeElement?.blur()');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectAccessible(page, 'navbar with the documentation link');

  // Emptied again: hidden (and the other journeys see the console as seeded).
  await page
    .getByRole('button', { name: t('system:configs.action.edit', { name: 'Documentation link' }) })
    .click();
  await value.fill('');
  await dialog.getByRole('button', { name: t('system:crud.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(docLink).toHaveCount(0);
});

test.describe('on a 360 × 640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the CRUD demo and its dialog fit the screen', async ({ page }) => {
    await openPage(page, '/demo/component/curd', t('demos:curd.title'));
    await expectNoSidewaysScroll(page, 'CRUD demo');
    await page.getByRole('button', { name: t('system:crud.action.add'), exact: true }).click();
    await expect(page.getByRole('dialog', { name: t('users:form.addTitle') })).toBeVisible();
    await expectNoSidewaysScroll(page, 'CRUD demo, add dialog');
  });
});
