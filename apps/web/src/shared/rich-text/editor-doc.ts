import {
  RICH_IMAGE_ALT_MAX,
  ZRichImageSrc,
  ZRichLinkHref,
  type TRichBlock,
  type TRichDoc,
  type TRichInline,
  type TRichListItem,
  type TRichMark,
} from '@linkstore/contract';

/** The JSON shape tiptap's `editor.getJSON()` gives (its `JSONContent`), as far as we read it. */
export interface TEditorJson {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: TEditorJson[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

/**
 * The editor's JSON as a contract document: only allowed nodes and marks, only the attributes
 * the contract knows (tiptap adds `target`, `rel`, `class` to links and `type` to ordered lists).
 * Anything else is dropped, so what the form sends passes the schema.
 */
export function fromEditorJson(json: TEditorJson): TRichDoc {
  return { type: 'doc', content: blocks(json.content) };
}

function blocks(content: TEditorJson[] | undefined): TRichBlock[] {
  return (content ?? []).flatMap((node): TRichBlock[] => {
    switch (node.type) {
      case 'paragraph':
        return [withInline({ type: 'paragraph' }, node)];
      case 'heading':
        return [withInline({ type: 'heading', attrs: { level: node.attrs?.level === 3 ? 3 : 2 } }, node)];
      case 'bulletList':
        return nonEmpty({ type: 'bulletList' as const, content: listItems(node.content) });
      case 'orderedList': {
        const start = node.attrs?.start;
        const attrs =
          typeof start === 'number' && Number.isInteger(start) && start > 1 ? { attrs: { start } } : {};
        return nonEmpty({ type: 'orderedList' as const, ...attrs, content: listItems(node.content) });
      }
      case 'blockquote':
        return nonEmpty({ type: 'blockquote' as const, content: blocks(node.content) });
      case 'image': {
        // Only an address the contract allows (a stored upload, https); a pasted other one is dropped.
        const src = ZRichImageSrc.safeParse(node.attrs?.src);
        const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt.slice(0, RICH_IMAGE_ALT_MAX) : '';
        return src.success ? [{ type: 'image' as const, attrs: { src: src.data, alt } }] : [];
      }
      default:
        return [];
    }
  });
}

/** Lists and quotes need at least one child; an empty one is dropped. */
function nonEmpty<T extends { content: unknown[] }>(block: T): T[] {
  return block.content.length > 0 ? [block] : [];
}

function listItems(content: TEditorJson[] | undefined): TRichListItem[] {
  return (content ?? []).flatMap((node): TRichListItem[] =>
    node.type === 'listItem' ? nonEmpty({ type: 'listItem' as const, content: blocks(node.content) }) : [],
  );
}

function withInline<T extends TRichBlock & { content?: TRichInline[] | undefined }>(
  block: T,
  node: TEditorJson,
): T {
  const content = inline(node.content);
  return content.length > 0 ? { ...block, content } : block;
}

function inline(content: TEditorJson[] | undefined): TRichInline[] {
  return (content ?? []).flatMap((node): TRichInline[] => {
    if (node.type === 'hardBreak') return [{ type: 'hardBreak' }];
    if (node.type !== 'text' || !node.text) return [];
    const marks = (node.marks ?? []).flatMap(mark);
    return [marks.length > 0 ? { type: 'text', text: node.text, marks } : { type: 'text', text: node.text }];
  });
}

function mark(raw: { type: string; attrs?: Record<string, unknown> }): TRichMark[] {
  switch (raw.type) {
    case 'bold':
    case 'italic':
    case 'strike':
    case 'code':
      return [{ type: raw.type }];
    case 'link': {
      const href = ZRichLinkHref.safeParse(raw.attrs?.href);
      return href.success ? [{ type: 'link', attrs: { href: href.data } }] : [];
    }
    default:
      return [];
  }
}
