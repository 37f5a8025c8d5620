import type { TViewLoader } from '../../shared/router/dynamic-routes';
import { loadPageNamespace } from '../../shared/i18n/i18n';

/**
 * A demo page's loader: the view and the demos' texts (the `demos` namespace, kept out of the
 * entry chunk — few operators open these pages) load together.
 */
export function demoView(load: TViewLoader): TViewLoader {
  return async () => {
    const [view] = await Promise.all([load(), loadPageNamespace('demos')]);
    return view;
  };
}
