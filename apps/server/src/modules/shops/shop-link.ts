import { shopLink } from '@linkstore/contract';
import type { AppConfig } from '../../platform/config/config';

/** The shop's public link as this server gives it out: PUBLIC_URL's `/s/<slug>`, or its subdomain. */
export function shopLinkFor(config: Pick<AppConfig, 'publicUrl' | 'shopBaseDomain'>, slug: string): string {
  return shopLink(slug, { origin: config.publicUrl, shopBaseDomain: config.shopBaseDomain });
}
