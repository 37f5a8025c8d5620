import { ZRichDoc } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { fromEditorJson } from './editor-doc';

describe('fromEditorJson', () => {
  it("keeps allowed nodes and marks, drops tiptap's extra attributes and anything unknown", () => {
    const doc = fromEditorJson({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3, id: 'x' }, content: [{ type: 'text', text: 'Care' }] },
        {
          type: 'paragraph',
          attrs: { textAlign: 'left' },
          content: [
            {
              type: 'text',
              text: 'guide',
              marks: [
                {
                  type: 'link',
                  attrs: { href: 'https://example.com', target: '_blank', rel: 'x', class: null },
                },
                { type: 'bold' },
                { type: 'underline' },
              ],
            },
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'hardBreak', marks: [{ type: 'bold' }] },
            { type: 'image', attrs: { src: 'x' } },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 4 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        { type: 'bulletList', content: [] },
        { type: 'blockquote', content: [{ type: 'paragraph' }] },
        { type: 'codeBlock', content: [{ type: 'text', text: 'x' }] },
        { type: 'paragraph' },
      ],
    });
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Care' }] },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'guide',
              marks: [{ type: 'link', attrs: { href: 'https://example.com' } }, { type: 'bold' }],
            },
            { type: 'text', text: 'bad' },
            { type: 'hardBreak' },
          ],
        },
        {
          type: 'orderedList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 4 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        { type: 'blockquote', content: [{ type: 'paragraph' }] },
        { type: 'paragraph' },
      ],
    });
    expect(ZRichDoc.safeParse(doc).success).toBe(true);
  });

  it('keeps an image block with an allowed address and its alternative text, drops any other', () => {
    const stored = '/files/banner/2026/11/0b6c9a52-4a4e-4c43-9a58-7d0f3e1f4b2a.png';
    const doc = fromEditorJson({
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: stored, alt: 'x'.repeat(300), title: 'dropped' } },
        { type: 'image', attrs: { src: 'https://cdn.example.com/a.webp', alt: null } },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'bad' } },
        { type: 'image', attrs: { src: 'http://plain.example.com/a.png', alt: 'insecure' } },
      ],
    });
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: stored, alt: 'x'.repeat(200) } },
        { type: 'image', attrs: { src: 'https://cdn.example.com/a.webp', alt: '' } },
      ],
    });
    expect(ZRichDoc.safeParse(doc).success).toBe(true);
  });
});
