import { useEffect, useRef } from 'react';

/**
 * A table that scrolls sideways (antd's `scroll`, on a phone) must be reachable from the
 * keyboard to be scrolled (axe: scrollable-region-focusable). antd does not let us set the
 * scrolling element's attributes, so this marks it focusable while — and only while — it
 * overflows. Put the ref on an element around the table.
 */
export function useFocusableScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
        else box.removeAttribute('tabindex');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(root);
    const rows = new MutationObserver(update);
    rows.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      rows.disconnect();
    };
  }, []);
  return ref;
}
