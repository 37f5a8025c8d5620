import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english } from '../support/studio';
import { expectNoSidewaysScroll } from '../support/themes';
import { signInToConsole } from '../support/console';

/**
 * Issue 20, "the menu walk": as admin, every non-hidden page of the seeded route tree
 * (`GET /api/v1/menus/routes`) opens a working page — not the 404 view, not react-router's error
 * screen, no console error — and the Demos pages do not scroll sideways on a 360 px phone.
 */
test.use({ bypassCSP: true });

interface TRouteNode {
  path: string;
  component?: string | null;
  meta: { title: string; hidden: boolean; params?: Record<string, string> | null };
  children?: TRouteNode[];
}

interface TLeaf {
  /** `/demo/route-param/type1?type=1`. */
  url: string;
  title: string;
  component: string;
}

const isExternal = (path: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(path);
const join = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`;

/** The non-hidden leaves of the tree (pages without children), with the query their menu adds. */
function leavesOf(nodes: readonly TRouteNode[], parent = ''): TLeaf[] {
  return nodes.flatMap((node) => {
    if (node.meta.hidden || isExternal(node.path)) return [];
    const path = join(parent, node.path);
    if (node.children?.length) return leavesOf(node.children, path);
    const query = new URLSearchParams(node.meta.params ?? {}).toString();
    return [
      { url: query ? `${path}?${query}` : path, title: node.meta.title, component: node.component ?? '' },
    ];
  });
}

async function routeTree(page: Page): Promise<TRouteNode[]> {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const res = await page.request.get('/api/v1/menus/routes', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TRouteNode[] }).data;
}

/**
 * Chromium logs every 4xx answer as a console error. A 401 is the access token expiring between
 * its proactive renewals (late under load): the app renews it and replays the call, and a sign-in
 * that could not be renewed would show the sign-in page, which the walk's heading check catches.
 */
const RENEWED_TOKEN = /Failed to load resource: the server responded with a status of 401/;

/** Console errors and uncaught exceptions of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !RENEWED_TOKEN.test(message.text()))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Opens a leaf and checks it is a working page. */
async function openLeaf(page: Page, leaf: TLeaf): Promise<void> {
  await page.goto(`/#${leaf.url}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading').first(), leaf.url).toBeVisible();
  await expect(page, `${leaf.url}: still signed in`).not.toHaveURL(/#\/login/);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await expect(page.getByText(english('common:error.notFound.heading')), `${leaf.url}: 404 view`).toHaveCount(
    0,
  );
  await expect(page.getByText('Unexpected Application Error'), `${leaf.url}: error screen`).toHaveCount(0);
}

test('every seeded menu leads to a working page', async ({ page }) => {
  test.setTimeout(300_000);
  const tree = await routeTree(page);
  const leaves = leavesOf(tree);
  const walked = leaves;
  // The tree is the seeded one: the system pages and the Demos pages are all in it.
  expect(walked.map((leaf) => leaf.url)).toEqual(
    expect.arrayContaining([
      '/system/user',
      '/demo/component/curd',
      '/demo/multi-level/level1/level2/level3-1',
      '/demo/multi-level/level1/level2/level3-2',
      '/demo/route-param/type1?type=1',
      '/demo/internal-doc',
    ]),
  );
  await signInToConsole(page);
  const errors = collectErrors(page);
  for (const leaf of walked) await openLeaf(page, leaf);
  expect(errors).toEqual([]);
});

test.describe('on a 360 × 640 phone', () => {
  test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

  test('the Demos pages open without scrolling sideways', async ({ page }) => {
    test.setTimeout(240_000);
    const demos = leavesOf(await routeTree(page)).filter((leaf) => leaf.url.startsWith('/demo/'));
    expect(demos.length).toBeGreaterThanOrEqual(8);
    await signInToConsole(page);
    const errors = collectErrors(page);
    for (const leaf of demos) {
      await openLeaf(page, leaf);
      await expectNoSidewaysScroll(page, leaf.url);
    }
    expect(errors).toEqual([]);
  });
});
