/**
 * Images sized for the screen (decision 0034): the server serves each stored image (`/files/…`)
 * also at these widths (`?w=`, apps/server/src/modules/files/files.images.ts IMAGE_WIDTHS), so a
 * phone loads what it shows, not the original. Images stored elsewhere (an absolute address)
 * have only their own size.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** `srcset` for a stored image, or undefined for an image the server does not resize. */
export function srcSetOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith('/files/') || url.includes('?')) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/** How wide each image is shown, by the storefront's layout (storefront.css). */
export const IMAGE_SIZES = {
  /** Banners: the whole width of the page, which stops at 72rem. */
  banner: '(min-width: 72rem) 72rem, 100vw',
  /** Product cards: two columns on a phone, three from 40rem, four from 64rem. */
  card: '(min-width: 64rem) 18rem, (min-width: 40rem) 33vw, 50vw',
  /** A product's pictures: the whole width on a phone, half of it from 40rem. */
  gallery: '(min-width: 72rem) 36rem, (min-width: 40rem) 50vw, 100vw',
} as const;
