import type { TRichBlock, TRichDoc, TRichInline, TRichMark } from '@linkstore/contract';
import { Fragment, type ReactNode } from 'react';

/**
 * Renders a rich text document (decision 0017) as React elements, one allow-listed node type at a
 * time. Never HTML: text is always a text node, and a node or mark of a type not listed here is
 * skipped (the contract refuses them; this is the second line). No antd, so the storefront can
 * use it too.
 */
export function RichTextView({
  doc,
  className,
  imageSrc = (src) => src,
}: {
  doc: TRichDoc;
  className?: string;
  /** Where the browser loads an image's stored `src` from (`/files/…` lives on the API's origin). */
  imageSrc?: (src: string) => string;
}) {
  const renderBlock = (block: TRichBlock, key: number): ReactNode => renderBlockWith(block, key, imageSrc);
  return <div className={className}>{doc.content.map(renderBlock)}</div>;
}

/** Links leave the site in a new tab, pass no referrer and no ranking. */
const LINK_REL = 'noopener noreferrer nofollow';
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
/** The contract's RICH_IMAGE_SRC again (type imports only here: the storefront's chunks stay small). */
export const SAFE_IMAGE_SRC =
  /^(\/files\/[a-z]+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp)|https:\/\/[^\s<>"]+)$/i;

function renderBlockWith(block: TRichBlock, key: number, imageSrc: (src: string) => string): ReactNode {
  const renderBlock = (child: TRichBlock, index: number) => renderBlockWith(child, index, imageSrc);
  const renderListItem = (item: { type: string; content: TRichBlock[] }, index: number): ReactNode =>
    item.type === 'listItem' ? <li key={index}>{item.content.map(renderBlock)}</li> : null;
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInline(block.content)}</p>;
    case 'heading':
      return block.attrs.level === 2 ? (
        <h2 key={key}>{renderInline(block.content)}</h2>
      ) : (
        <h3 key={key}>{renderInline(block.content)}</h3>
      );
    case 'bulletList':
      return <ul key={key}>{block.content.map(renderListItem)}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={block.attrs?.start}>
          {block.content.map(renderListItem)}
        </ol>
      );
    case 'blockquote':
      return <blockquote key={key}>{block.content.map(renderBlock)}</blockquote>;
    case 'image':
      // Re-checked: only a stored upload or https (a `data:` or `javascript:` address never loads).
      return SAFE_IMAGE_SRC.test(block.attrs.src) ? (
        <img
          key={key}
          src={imageSrc(block.attrs.src)}
          alt={block.attrs.alt}
          loading="lazy"
          style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
        />
      ) : null;
    default:
      return null;
  }
}

function renderInline(content: TRichInline[] | undefined): ReactNode[] {
  return (content ?? []).map((node, key) => {
    if (node.type === 'hardBreak') return <br key={key} />;
    if (node.type !== 'text') return null;
    const marked = (node.marks ?? []).reduceRight<ReactNode>(
      (inner, mark) => wrapMark(mark, inner),
      node.text,
    );
    return <Fragment key={key}>{marked}</Fragment>;
  });
}

function wrapMark(mark: TRichMark, inner: ReactNode): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong>{inner}</strong>;
    case 'italic':
      return <em>{inner}</em>;
    case 'strike':
      return <s>{inner}</s>;
    case 'code':
      return <code>{inner}</code>;
    case 'link':
      return SAFE_HREF.test(mark.attrs.href) ? (
        <a href={mark.attrs.href} rel={LINK_REL} target="_blank">
          {inner}
        </a>
      ) : (
        inner
      );
    default:
      return inner;
  }
}
