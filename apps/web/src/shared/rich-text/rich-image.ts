import { mergeAttributes, Node } from '@tiptap/react';

export interface TRichImageOptions {
  /** The address the browser loads a stored `src` from (`/files/…` lives on the API's origin). */
  resolveSrc: (src: string) => string;
}

/**
 * The editor's image block (decision 0017 addendum): `src` and `alt` only, an atom the user
 * selects and deletes whole. Only added to editors given an image upload; `editor-doc.ts` keeps
 * it only with an address the contract allows.
 */
export const RichImage = Node.create<TRichImageOptions>({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { resolveSrc: (src: string) => src };
  },
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    const { src, alt } = HTMLAttributes as { src?: string; alt?: string };
    return [
      'img',
      mergeAttributes({
        src: src ? this.options.resolveSrc(src) : '',
        alt: alt ?? '',
        style: 'max-width: 100%; height: auto; display: block;',
      }),
    ];
  },
});
