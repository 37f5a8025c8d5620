import { infoPagesRoutes, type TInfoPageKey, type TLanguage, type TRichDoc } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** Saves one page in one language; the page's form and the list are read again. */
export function useSaveInfoPage() {
  return useRouteMutation({
    mutationFn: ({ page, lang, doc }: { page: TInfoPageKey; lang: TLanguage; doc: TRichDoc }) =>
      callRoute(infoPagesRoutes.update, { params: { page, lang }, body: { doc } }),
    invalidates: [infoPagesRoutes.form, infoPagesRoutes.list],
  });
}
