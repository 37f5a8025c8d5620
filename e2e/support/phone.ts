import { devices, expect, type Page } from '@playwright/test';

const pixel = devices['Pixel 7'];

/**
 * A phone as buyers hold it (Pixel 7: size, density, touch, user agent), for `test.use`: the
 * device entry itself also names a browser type, which a file may not set.
 */
export const PHONE = {
  viewport: pixel.viewport,
  deviceScaleFactor: pixel.deviceScaleFactor,
  isMobile: pixel.isMobile,
  hasTouch: pixel.hasTouch,
  userAgent: pixel.userAgent,
};

/** The smallest side of a tap target (WCAG 2.5.5, and the "every tap target ≥ 44 px"). */
export const MIN_TAP = 44;

/**
 * Every visible interactive element of the page (buttons, links, inputs, selects, switches,
 * tabs, checkboxes, radios, comboboxes) with a box smaller than 44 × 44 px, described.
 *
 * The box measured is the element's, or that of the wrapper that takes its taps when there is
 * one: antd draws an input with a clear button or a suffix inside `.ant-input-affix-wrapper` /
 * `.ant-input-number` / `.ant-picker`, a select's search field inside `.ant-select`, and a
 * checkbox or radio inside its `<label>`, and a page number's link inside the pagination's
 * `<li>` (antd listens on the `<li>`); a tap anywhere on the wrapper reaches the control.
 * Left out, with their reasons: disabled controls (nothing happens on a tap) and elements
 * hidden from everyone (`display: none`, `visibility: hidden`, zero size, `inert`).
 * `scope`: a CSS selector, to measure only the controls inside what it selects (the whole page
 * by default).
 */
export async function smallTapTargets(page: Page, scope = ':root'): Promise<string[]> {
  // A string: the e2e project has no DOM types.
  return page.evaluate<string[]>(`(() => {
    const scopes = [...document.querySelectorAll(${JSON.stringify(scope)})];
    const CONTROLS = 'button, a, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="switch"], [role="tab"], [role="checkbox"], [role="radio"], [role="combobox"], [role="menuitem"]';
    const WRAPPERS = '.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select, .ant-checkbox-wrapper, .ant-radio-wrapper, label, .ant-pagination > li';
    const small = [];
    for (const element of document.querySelectorAll(CONTROLS)) {
      if (!scopes.some((root) => root.contains(element))) continue;
      if (element.disabled || element.getAttribute('aria-disabled') === 'true') continue;
      if (element.closest('[inert]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const own = element.getBoundingClientRect();
      if (own.width === 0 || own.height === 0) continue;
      const wrapper = element.closest(WRAPPERS);
      const box = wrapper ? wrapper.getBoundingClientRect() : own;
      const width = Math.max(own.width, box.width);
      const height = Math.max(own.height, box.height);
      if (width + 0.5 < ${MIN_TAP} || height + 0.5 < ${MIN_TAP}) {
        const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('placeholder') || '').trim().slice(0, 40);
        small.push(element.tagName.toLowerCase() + '[' + (element.getAttribute('role') || element.getAttribute('type') || '') + '] "' + name + '" ' + Math.round(width) + '×' + Math.round(height));
      }
    }
    return small;
  })()`);
}

/** Every visible tap target of the page is at least 44 × 44 px; a failure lists the small ones. */
export async function expectTapTargets(page: Page, what: string, scope?: string): Promise<void> {
  expect(await smallTapTargets(page, scope), `${what}: tap targets under ${MIN_TAP} px`).toEqual([]);
}

/**
 * Every visible button (antd's, native or `role=button`) whose label runs over more than one
 * line, described: its text nodes' line boxes are compared, icons left out.
 */
export async function wrappedButtonLabels(page: Page): Promise<string[]> {
  // A string: the e2e project has no DOM types.
  return page.evaluate<string[]>(`(() => {
    const wrapped = [];
    for (const element of document.querySelectorAll('button, [role="button"], a.ant-btn')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const tops = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && rect.height > 0) tops.push(rect.top);
        }
      }
      tops.sort((a, b) => a - b);
      const lines = 1 + tops.filter((top, i) => i > 0 && top - tops[i - 1] > 4).length;
      if (tops.length > 0 && lines > 1) wrapped.push('"' + element.textContent.trim().slice(0, 40) + '" ' + Math.round(box.width) + '×' + Math.round(box.height));
    }
    return wrapped;
  })()`);
}

/** No button label of the page wraps onto a second line; a failure lists them. */
export async function expectNoWrappedButtons(page: Page, what: string): Promise<void> {
  expect(await wrappedButtonLabels(page), `${what}: button labels on more than one line`).toEqual([]);
}
