/**
 * "How the console works", the internal document: its structure here, its words in the `demos`
 * namespace (`internalDoc.<section>.title`, `.p1`, …) in every language — no HTML strings.
 */
export interface TDocSection {
  id: string;
  /** Paragraph keys, in order. */
  paragraphs: readonly string[];
}

export const INTERNAL_DOC: readonly TDocSection[] = [
  { id: 'menus', paragraphs: ['p1', 'p2'] },
  { id: 'permissions', paragraphs: ['p1', 'p2'] },
  { id: 'dictionaries', paragraphs: ['p1'] },
  { id: 'tags', paragraphs: ['p1'] },
];
