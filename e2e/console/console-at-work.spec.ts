import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectTapTargets, PHONE } from '../support/phone';
import { signInToConsole } from '../support/console';
import { english as t } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Issue 30, the console at work: at 1366 × 768 the orders table (and the other wide lists) keep
 * their dates on one line, their rows compact and their actions pinned on the right in every
 * layout; on a 360 × 640 phone the console's bars are tap-sized, the settings say when a layout
 * does not apply there, and the console's sign-in has the console's own header.
 */
test.use({ bypassCSP: true });

const LAYOUTS = ['left', 'top', 'mix'] as const;

/** The layout chosen before the console starts (as the settings drawer keeps it). */
async function chooseLayout(page: Page, layout: (typeof LAYOUTS)[number]): Promise<void> {
  await page.addInitScript((chosen) => {
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('settings', JSON.stringify({ theme: 'auto', layout: chosen }));
  }, layout);
}

/** A box as the browser lays it out (the journeys are typed without the DOM library). */
async function box(locator: Locator): Promise<{ left: number; right: number; top: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return { left: found.x, right: found.x + found.width, top: found.y, height: found.height };
}

/** What `linesOf` uses of the DOM (the journeys are typed without the DOM library). */
interface TTextDocument {
  createTreeWalker(root: unknown, whatToShow: number): { nextNode(): { textContent: string | null } | null };
  createRange(): {
    selectNodeContents(node: unknown): void;
    getClientRects(): ArrayLike<{ top: number; width: number }>;
  };
}

/**
 * The number of lines a cell's text takes (1: it does not wrap): the tops of its text's line boxes,
 * those within 8 px of each other taken as one line (a tag's smaller text sits a little lower).
 */
const linesOf = (cell: Locator): Promise<number> =>
  cell.evaluate((element) => {
    const doc = (globalThis as unknown as { document: TTextDocument }).document;
    const tops: number[] = [];
    const walker = doc.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = doc.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, index) => index === 0 || top - (tops[index - 1] ?? top) > 8).length;
  });

/**
 * The visible page's table: its first row's actions cell stays inside the table's box (pinned on
 * the right) also once the table is scrolled to its far left, and is on one line.
 */
async function expectActionsPinned(page: Page, what: string): Promise<Locator> {
  const table = page.locator('.ant-table-wrapper:visible').first();
  const row = table.locator('tr.ant-table-row').first();
  await expect(row, what).toBeVisible();
  const actions = row.locator('td').last();
  await expect(actions, `${what}: the actions are fixed on the right`).toHaveClass(/ant-table-cell-fix-end/);
  const scroller = table.locator('.ant-table-content, .ant-table-body').first();
  await scroller.evaluate((element) => {
    (element as unknown as { scrollLeft: number }).scrollLeft = 0;
  });
  const tableBox = await box(table);
  const cell = await box(actions);
  expect(cell.right, `${what}: the actions end inside the table`).toBeLessThanOrEqual(tableBox.right + 1);
  expect(cell.left, `${what}: the actions start inside the table`).toBeGreaterThanOrEqual(tableBox.left);
  expect(cell.right, `${what}: the actions are on the screen`).toBeLessThanOrEqual(1366);
  // One line: every action (an icon button, or one with its text) at the same height.
  const tops = new Set<number>();
  for (const action of await actions.locator('button, a').all())
    tops.add(Math.round((await box(action)).top));
  expect(tops.size, `${what}: the actions on one line`).toBe(1);
  return row;
}

test.describe('at 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  for (const layout of LAYOUTS) {
    test(`the orders and the other wide lists in the ${layout} layout: one-line dates, compact rows, actions pinned`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await chooseLayout(page, layout);
      await signInToConsole(page);
      await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();

      await page.goto('/#/commerce/orders');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
        t('orders:console.title'),
      );
      const row = await expectActionsPinned(page, `orders, ${layout}`);
      // Compact: one line of text per row (the seed's flagged order has two tags side by side).
      expect((await box(row)).height, `orders, ${layout}: row height`).toBeLessThanOrEqual(48);
      const headings = page.locator('.ant-table-wrapper:visible').first().locator('thead th');
      const placedIndex = (await headings.allTextContents()).indexOf(t('orders:console.placed'));
      expect(placedIndex).toBeGreaterThan(0);
      const placed = row.locator('td').nth(placedIndex);
      await expect(placed).toHaveText(/\d{4}/);
      expect(await linesOf(placed), `orders, ${layout}: the date on one line`).toBe(1);
      expect(await linesOf(row.locator('td').nth(1)), `orders, ${layout}: the order number on one line`).toBe(
        1,
      );
      await expectNoSidewaysScroll(page, `orders, ${layout}`);

      // The other wide lists share the layout (console/shared/table-layout.ts).
      for (const [path, heading] of [
        ['/#/system/user', t('common:route.Users')],
        ['/#/system/log', t('system:logs.title')],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(heading);
        const listRow = await expectActionsPinned(page, `${path}, ${layout}`);
        const dates = listRow.locator('td').filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/ });
        await expect(dates.first()).toBeVisible();
        expect(await linesOf(dates.first()), `${path}, ${layout}: the date on one line`).toBe(1);
        await expectNoSidewaysScroll(page, `${path}, ${layout}`);
      }
    });
  }
});

test.describe('on a 360 × 640 phone', () => {
  test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

  test('the console sign-in has the console’s header: no country or currency, no “Open LinkStore for free”', async ({
    page,
  }) => {
    await followSystemTheme(page);
    await page.goto('/#/console/login');
    const header = page.getByRole('banner');
    await expect(header).toContainText(t('console:login.area'));
    await expect(
      header.getByRole('button', {
        name: t('common:topBar.current', {
          label: t('common:language.switch.label'),
          value: 'English',
        }),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^${t('common:topBar.country.label')}`) }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: new RegExp(`^${t('common:topBar.currency.label')}`) }),
    ).toHaveCount(0);
    await expect(page.getByRole('link', { name: t('common:topBar.openForFree') })).toHaveCount(0);
    await expectTapTargets(page, 'console sign-in header', 'header');
    await expectNoSidewaysScroll(page, 'console sign-in');
    await expectAccessible(page, 'console sign-in on a phone');
  });

  test('top-bar icons, tags, their closers and actions, and breadcrumbs are 44 px tap targets; the settings say a top layout waits for a wider screen', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await followSystemTheme(page);
    await signInToConsole(page);
    await page.goto('/#/system/log');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      t('system:logs.title'),
    );
    await expect(page.locator('[data-device="mobile"]')).toBeVisible();
    const tags = page.getByRole('navigation', { name: t('console:tagsView.label') });
    await expect(
      tags
        .getByRole('button', { name: new RegExp(`^${t('console:tagsView.closeTag', { title: '' })}`) })
        .first(),
    ).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: t('console:layout.breadcrumbs') });
    await expect(crumbs.getByRole('link').first()).toBeVisible();

    await expectTapTargets(page, 'console top bar', 'header');
    await expectTapTargets(page, 'tags view', `nav[aria-label="${t('console:tagsView.label')}"]`);
    await expectTapTargets(page, 'breadcrumbs', `nav[aria-label="${t('console:layout.breadcrumbs')}"]`);
    await expectNoSidewaysScroll(page, 'console logs on a phone');

    await page.getByRole('button', { name: t('console:settings.open') }).click();
    const drawer = page.getByRole('dialog', { name: t('console:settings.title') });
    const note = (layout: string) =>
      t('console:settings.layoutOnPhone', { layout: t(`console:settings.layouts.${layout}`) });
    await expect(drawer.getByText(note('top'))).toHaveCount(0);
    await drawer.getByRole('radio', { name: t('console:settings.layouts.top') }).check();
    await expect(drawer.getByRole('status')).toHaveText(note('top'));
    // The phone keeps its side drawer all the same.
    await expect(page.locator('[data-layout="left"]')).toBeVisible();
    await expectAccessible(page, 'settings drawer with the phone note');
  });
});
