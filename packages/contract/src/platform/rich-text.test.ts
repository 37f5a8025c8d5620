import { describe, expect, it } from 'vitest';
import {
  EMPTY_DOC,
  RICH_TEXT_MAX_CHARS,
  ZRichDoc,
  docToPlainText,
  isEmptyDoc,
  parseStoredRichText,
  plainTextToDoc,
  type TRichDoc,
} from './rich-text';

const RICH: TRichDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Soft tee' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Made of ' },
        { type: 'text', text: 'cotton', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'See', marks: [{ type: 'link', attrs: { href: 'https://example.com/a' } }] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Two' }] },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [
                    {
                      type: 'paragraph',
                      content: [{ type: 'text', text: 'Deep', marks: [{ type: 'code' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'blockquote',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Quote', marks: [{ type: 'strike' }] }] },
      ],
    },
    { type: 'paragraph' },
  ],
};

const paragraph = (extra: object) => ({ type: 'doc', content: [{ type: 'paragraph', ...extra }] });
const linked = (href: string) =>
  paragraph({ content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] });

/** `depth` nested blockquotes around one paragraph. */
function quotes(depth: number): unknown {
  let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'x' }] };
  for (let i = 0; i < depth; i += 1) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
}

describe('ZRichDoc', () => {
  it('accepts every allowed node and mark, unchanged', () => {
    expect(ZRichDoc.parse(RICH)).toEqual(RICH);
    expect(ZRichDoc.parse(EMPTY_DOC)).toEqual({ type: 'doc', content: [] });
    expect(ZRichDoc.safeParse(linked('mailto:me@example.com')).success).toBe(true);
  });

  it('refuses unknown nodes, marks and attributes', () => {
    const refused = [
      { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] },
      { type: 'doc', content: [{ type: 'codeBlock', content: [] }] },
      paragraph({ content: [{ type: 'text', text: 'x', marks: [{ type: 'underline' }] }] }),
      paragraph({ attrs: { style: 'color:red' } }),
      paragraph({ content: [{ type: 'text', text: 'x', onclick: 'alert(1)' }] }),
      paragraph({
        content: [
          {
            type: 'text',
            text: 'x',
            marks: [{ type: 'link', attrs: { href: 'https://a.b', target: '_self' } }],
          },
        ],
      }),
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [] }] },
      { type: 'doc', content: [], html: '<b>x</b>' },
      '<p>html</p>',
    ];
    for (const value of refused) expect(ZRichDoc.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('refuses links that are not http(s) or mailto', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      '/relative',
      `https://a.b/${'x'.repeat(1000)}`,
    ]) {
      expect(ZRichDoc.safeParse(linked(href)).success, href).toBe(false);
    }
  });

  it('refuses documents nested too deeply, too long or with too many nodes', () => {
    // Document → quotes → paragraph → text: 4 quotes put the text at depth 6.
    expect(ZRichDoc.safeParse(quotes(4)).success).toBe(true);
    expect(ZRichDoc.safeParse(quotes(5)).success).toBe(false);
    expect(ZRichDoc.safeParse(quotes(50_000)).success).toBe(false);
    const long = (n: number) => paragraph({ content: [{ type: 'text', text: 'a'.repeat(n) }] });
    expect(ZRichDoc.safeParse(long(RICH_TEXT_MAX_CHARS)).success).toBe(true);
    expect(ZRichDoc.safeParse(long(RICH_TEXT_MAX_CHARS + 1)).success).toBe(false);
    const many = {
      type: 'doc',
      content: Array.from({ length: 1000 }, () => ({ type: 'paragraph', content: [{ type: 'hardBreak' }] })),
    };
    expect(ZRichDoc.safeParse(many).success).toBe(false);
  });
});

describe('plain text and stored values', () => {
  it('makes a paragraph per block of lines, and reads the text back', () => {
    const doc = plainTextToDoc('First line\r\nsecond line\n\n\n  Next <b>block</b>  \n');
    expect(doc).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'First line' },
            { type: 'hardBreak' },
            { type: 'text', text: 'second line' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Next <b>block</b>' }] },
      ],
    });
    expect(docToPlainText(doc)).toBe('First line\nsecond line\n\nNext <b>block</b>');
    expect(plainTextToDoc('   ')).toEqual(EMPTY_DOC);
  });

  it('reads the words of a rich document; empty paragraphs are empty', () => {
    expect(docToPlainText(RICH)).toBe('Soft tee\n\nMade of cotton\nSee\n\nOne\nTwo\nDeep\n\nQuote');
    expect(isEmptyDoc(RICH)).toBe(false);
    expect(
      isEmptyDoc({
        type: 'doc',
        content: [{ type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'hardBreak' }] }],
      }),
    ).toBe(true);
  });

  it('parses a stored document, and keeps anything else as text', () => {
    expect(parseStoredRichText(JSON.stringify(RICH))).toEqual(RICH);
    expect(parseStoredRichText('Old text')).toEqual(plainTextToDoc('Old text'));
    expect(parseStoredRichText('')).toEqual(EMPTY_DOC);
    const hostile = JSON.stringify(linked('javascript:alert(1)'));
    expect(docToPlainText(parseStoredRichText(hostile))).toBe(hostile);
    expect(docToPlainText(parseStoredRichText('{not json'))).toBe('{not json');
  });

  it('accepts an image of a stored upload or an https address, nothing else', () => {
    const image = (src: string, alt = 'A tee') => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src, alt } }],
    });
    const stored = '/files/banner/2026/11/0b6c9a52-4a4e-4c43-9a58-7d0f3e1f4b2a.webp';
    expect(ZRichDoc.safeParse(image(stored)).success).toBe(true);
    expect(ZRichDoc.safeParse(image('https://cdn.example.com/a.png')).success).toBe(true);
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://example.com/a.png',
      '/files/../secret',
      '/api/v1/users',
      '//evil.example/a.png',
    ])
      expect(ZRichDoc.safeParse(image(src)).success, src).toBe(false);
    expect(ZRichDoc.safeParse(image(stored, 'x'.repeat(201))).success).toBe(false);
    const extra = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: stored, alt: '', onerror: 'x' } }],
    };
    expect(ZRichDoc.safeParse(extra).success).toBe(false);
    expect(docToPlainText(image(stored) as TRichDoc)).toBe('');
  });
});
