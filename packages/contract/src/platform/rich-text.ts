import { z } from 'zod';

/**
 * Rich text as a document (decision 0017): a small, allow-listed subset of tiptap/ProseMirror
 * JSON. It is never HTML, so nothing stored can become markup a browser runs; the web renders
 * it node by node. Unknown node types, marks and attributes are refused.
 */

/** Deepest nesting allowed: the document's children are at depth 1, theirs at 2, and so on. */
export const RICH_TEXT_MAX_DEPTH = 6;
/** Most characters of text in one document (one language). */
export const RICH_TEXT_MAX_CHARS = 10_000;
/** Most nodes in one document, the document itself included. */
export const RICH_TEXT_MAX_NODES = 2_000;

export type TRichMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'strike' }
  | { type: 'code' }
  | { type: 'link'; attrs: { href: string } };

export interface TRichTextNode {
  type: 'text';
  text: string;
  marks?: TRichMark[] | undefined;
}
export interface TRichHardBreak {
  type: 'hardBreak';
}
export type TRichInline = TRichTextNode | TRichHardBreak;

export interface TRichParagraph {
  type: 'paragraph';
  content?: TRichInline[] | undefined;
}
export interface TRichHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: TRichInline[] | undefined;
}
export interface TRichListItem {
  type: 'listItem';
  content: TRichBlock[];
}
export interface TRichBulletList {
  type: 'bulletList';
  content: TRichListItem[];
}
export interface TRichOrderedList {
  type: 'orderedList';
  attrs?: { start: number } | undefined;
  content: TRichListItem[];
}
export interface TRichBlockquote {
  type: 'blockquote';
  content: TRichBlock[];
}
/**
 * An uploaded image (issue 20): only an address of this server's stored files (`/files/…`, see
 * RICH_IMAGE_SRC) or an https address, with its alternative text. Editors offer it only where a
 * page gives the editor an upload; the schema accepts it everywhere.
 */
export interface TRichImage {
  type: 'image';
  attrs: { src: string; alt: string };
}
export type TRichBlock =
  TRichParagraph | TRichHeading | TRichBulletList | TRichOrderedList | TRichBlockquote | TRichImage;
export interface TRichDoc {
  type: 'doc';
  content: TRichBlock[];
}

/** Only web and mail addresses: `javascript:`, `data:` and relative links are refused. */
export const ZRichLinkHref = z
  .string()
  .max(1000)
  .regex(/^(https?:\/\/|mailto:)[^\s<>"]+$/i);

/**
 * An image's address: a stored upload (`/files/<purpose>/<yyyy>/<mm>/<uuid>.<ext>`) or https
 * (storage with a public address); never `data:`, `javascript:` or another scheme.
 */
export const RICH_IMAGE_SRC =
  /^(\/files\/[a-z]+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp)|https:\/\/[^\s<>"]+)$/i;
export const ZRichImageSrc = z.string().max(1000).regex(RICH_IMAGE_SRC);
export const RICH_IMAGE_ALT_MAX = 200;

const ZRichMark = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bold') }),
  z.strictObject({ type: z.literal('italic') }),
  z.strictObject({ type: z.literal('strike') }),
  z.strictObject({ type: z.literal('code') }),
  z.strictObject({ type: z.literal('link'), attrs: z.strictObject({ href: ZRichLinkHref }) }),
]);

const ZRichInline = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: z.string().min(1),
    marks: z.array(ZRichMark).max(5).optional(),
  }),
  z.strictObject({ type: z.literal('hardBreak') }),
]);

const ZRichListItem: z.ZodType<TRichListItem> = z.lazy(() =>
  z.strictObject({ type: z.literal('listItem'), content: z.array(ZRichBlock).min(1) }),
);

const ZRichBlock: z.ZodType<TRichBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('paragraph'), content: z.array(ZRichInline).optional() }),
    z.strictObject({
      type: z.literal('heading'),
      attrs: z.strictObject({ level: z.literal([2, 3]) }),
      content: z.array(ZRichInline).optional(),
    }),
    z.strictObject({ type: z.literal('bulletList'), content: z.array(ZRichListItem).min(1) }),
    z.strictObject({
      type: z.literal('orderedList'),
      attrs: z.strictObject({ start: z.int().min(1).max(100_000) }).optional(),
      content: z.array(ZRichListItem).min(1),
    }),
    z.strictObject({ type: z.literal('blockquote'), content: z.array(ZRichBlock).min(1) }),
    z.strictObject({
      type: z.literal('image'),
      attrs: z.strictObject({ src: ZRichImageSrc, alt: z.string().max(RICH_IMAGE_ALT_MAX) }),
    }),
  ]),
);

/**
 * Depth, node and text limits, checked by walking the raw value before the structural schema
 * runs: a hostile, deeply nested value is refused without recursing through it.
 */
function checkLimits(value: unknown): string | null {
  let nodes = 0;
  let chars = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (depth > RICH_TEXT_MAX_DEPTH) return 'nested too deeply';
    nodes += 1;
    if (nodes > RICH_TEXT_MAX_NODES) return 'too many nodes';
    if (typeof node !== 'object' || node === null) continue;
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === 'string') chars += text.length;
    if (chars > RICH_TEXT_MAX_CHARS) return 'text too long';
    if (Array.isArray(content)) {
      for (const child of content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
}

const ZRichDocShape = z.strictObject({ type: z.literal('doc'), content: z.array(ZRichBlock) });

/**
 * A rich text document: allow-listed nodes and marks, within the limits above. A refusal is one
 * issue on the document itself (the form's field), never a path deep inside it.
 */
export const ZRichDoc = z.unknown().transform((value, ctx): TRichDoc => {
  const problem = checkLimits(value);
  const parsed = problem === null ? ZRichDocShape.safeParse(value) : null;
  if (parsed?.success) return parsed.data;
  const detail = parsed?.error.issues[0];
  ctx.addIssue({
    code: 'custom',
    message:
      problem !== null
        ? `Rich text ${problem}`
        : `Rich text not allowed at ${detail?.path.join('.') ?? ''}: ${detail?.message ?? ''}`,
  });
  return z.NEVER;
}) as unknown as z.ZodType<TRichDoc, TRichDoc>;

/** The document with nothing in it. */
export const EMPTY_DOC: Readonly<TRichDoc> = { type: 'doc', content: [] };

/** Paragraphs of `text`: one per block of lines separated by a blank line, lines joined by breaks. */
export function plainTextToDoc(text: string): TRichDoc {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return {
    type: 'doc',
    content: blocks.map((block): TRichParagraph => {
      const content: TRichInline[] = [];
      block.split('\n').forEach((line, index) => {
        if (index > 0) content.push({ type: 'hardBreak' });
        if (line !== '') content.push({ type: 'text', text: line });
      });
      return { type: 'paragraph', content };
    }),
  };
}

function inlineText(content: TRichInline[] | undefined): string {
  return (content ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');
}

function blockText(block: TRichBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.content);
    case 'bulletList':
    case 'orderedList':
      return block.content.map((item) => item.content.map(blockText).join('\n')).join('\n');
    case 'blockquote':
      return block.content.map(blockText).join('\n\n');
    case 'image':
      return '';
  }
}

/** The document's words, blocks separated by blank lines: for search, previews and meta tags. */
export function docToPlainText(doc: TRichDoc): string {
  return doc.content
    .map(blockText)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** True when the document has no text at all (empty paragraphs count as nothing). */
export function isEmptyDoc(doc: TRichDoc): boolean {
  return docToPlainText(doc).trim() === '';
}

/**
 * A stored description: a JSON document that passes the schema is that document; anything else
 * (text saved before documents, the seed's text) becomes paragraphs, so nothing stored is lost.
 */
export function parseStoredRichText(stored: string): TRichDoc {
  if (stored.startsWith('{')) {
    try {
      const parsed = ZRichDoc.safeParse(JSON.parse(stored));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: plain text below.
    }
  }
  return plainTextToDoc(stored);
}
