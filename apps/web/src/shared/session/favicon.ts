/** Points the page icon at the shop image; keeps the default icon otherwise. */
export function applyFavicon(imageUrl: string | null | undefined): void {
  if (!imageUrl || !/^(https?:)?\/\/|^\//.test(imageUrl)) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = imageUrl;
}
