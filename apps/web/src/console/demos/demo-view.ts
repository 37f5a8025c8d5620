import type { TViewLoader } from '../../shared/router/dynamic-routes';
import { loadPageNamespace, type TPageNamespace } from '../../shared/i18n/i18n';

/**
 * A demo page's loader: the view and the demos' texts (the `demos` or `demo-pages` namespace,
 * kept out of the entry chunk — few operators open these pages) load together.
 */
export function demoView(load: TViewLoader, namespace: TPageNamespace = 'demos'): TViewLoader {
  return async () => {
    const [view] = await Promise.all([load(), loadPageNamespace(namespace)]);
    return view;
  };
}
