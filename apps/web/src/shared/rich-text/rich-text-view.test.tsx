import { RICH_IMAGE_SRC, type TRichDoc } from '@linkstore/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView, SAFE_IMAGE_SRC } from './rich-text-view';

const DOC: TRichDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Care' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Wash ' },
        { type: 'text', text: 'cold', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'gone', marks: [{ type: 'strike' }] },
        { type: 'text', text: 'x1', marks: [{ type: 'code' }] },
        { type: 'text', text: 'guide', marks: [{ type: 'link', attrs: { href: 'https://example.com/g' } }] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Third' }] }] },
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dot' }] }] },
      ],
    },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Said' }] }] },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Small' }] },
  ],
};

describe('RichTextView', () => {
  it('renders every allowed node and mark, links leaving safely', () => {
    const { container } = render(<RichTextView doc={DOC} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Care' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Small' })).toBeInTheDocument();
    expect(container.querySelector('p strong > em')).toHaveTextContent('cold');
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('s')).toHaveTextContent('gone');
    expect(container.querySelector('code')).toHaveTextContent('x1');
    const link = screen.getByRole('link', { name: 'guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/g');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
    expect(container.querySelector('ol > li')).toHaveTextContent('Third');
    expect(container.querySelector('ul > li')).toHaveTextContent('Dot');
    expect(container.querySelector('blockquote')).toHaveTextContent('Said');
  });

  it('never renders markup from text, unknown nodes or unsafe links', () => {
    const crafted = {
      type: 'doc',
      content: [
        { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] },
        { type: 'html', html: '<img src=x onerror=alert(1)>' },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '<b>not bold</b>' },
            { type: 'image', attrs: { src: 'x' } },
            {
              type: 'text',
              text: 'click',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
            { type: 'text', text: 'u', marks: [{ type: 'underline' }] },
          ],
        },
      ],
    } as unknown as TRichDoc;
    const { container } = render(<RichTextView doc={crafted} />);
    expect(container.querySelector('script, img, b, a, u')).toBeNull();
    expect(container.textContent).toBe('<b>not bold</b>clicku');
  });

  it('renders an image of a stored upload through imageSrc, and never another address', () => {
    const stored = '/files/banner/2026/11/0b6c9a52-4a4e-4c43-9a58-7d0f3e1f4b2a.webp';
    const doc = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: stored, alt: 'A tee' } },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'bad' } },
        { type: 'image', attrs: { src: 'data:image/png;base64,AAAA', alt: 'inline' } },
      ],
    } as TRichDoc;
    render(<RichTextView doc={doc} imageSrc={(src) => `https://api.example.com${src}`} />);
    expect(screen.getByRole('img', { name: 'A tee' })).toHaveAttribute(
      'src',
      `https://api.example.com${stored}`,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it("checks image addresses with the contract's own rule", () => {
    expect(SAFE_IMAGE_SRC.source).toBe(RICH_IMAGE_SRC.source);
    expect(SAFE_IMAGE_SRC.flags).toBe(RICH_IMAGE_SRC.flags);
  });
});
