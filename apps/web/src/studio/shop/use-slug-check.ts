import { shopsRoutes, type TShopSlugCheck } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callRouteQuietly, routeKey } from '../../shared/http/call-route';
import { slugProblem } from './shop-link';

/** How long typing must pause before the link is checked. */
export const SLUG_CHECK_DELAY_MS = 400;

export type TSlugAvailability =
  { state: 'idle' } | { state: 'checking'; slug: string } | { state: 'done'; check: TShopSlugCheck };

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Whether the link name being typed is free, asked of the server once typing pauses: only a name
 * the form's own rules accept (those show at once), and never the shop's current one. A failed
 * check (offline, too many) says nothing — opening or saving checks again —, but an expired access
 * token is renewed like any call's (`callRouteQuietly`; a quiet call alone would not).
 */
export function useSlugCheck(typed: string, current?: string): TSlugAvailability {
  const slug = typed.trim().toLowerCase();
  const settled = useDebounced(slug, SLUG_CHECK_DELAY_MS);
  const wanted = slugProblem(slug) === null && slug !== current;
  const check = useQuery({
    queryKey: [...routeKey(shopsRoutes.slugCheck), { query: { slug: settled } }],
    queryFn: ({ signal }) =>
      callRouteQuietly(shopsRoutes.slugCheck, { query: { slug: settled } }, { signal }),
    enabled: wanted && settled === slug,
    staleTime: 15_000,
    retry: false,
  });
  // While typing nothing is said (a live region would repeat it at every key).
  if (!wanted || settled !== slug || check.isError) return { state: 'idle' };
  if (check.isPending) return { state: 'checking', slug };
  return { state: 'done', check: check.data };
}
