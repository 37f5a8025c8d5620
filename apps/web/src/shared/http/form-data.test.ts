import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data';

describe('toFormData', () => {
  it('flattens nested objects with dotted keys and arrays with indexed keys', () => {
    const form = toFormData({
      username: 'ana@example.com',
      address: { city: 'Lisbon', geo: { lat: 38.7 } },
      items: [{ name: 'mug', qty: 2 }, { name: 'cap' }],
      tags: ['a', 'b'],
      isGift: false,
      note: null,
      skipped: undefined,
    });
    expect([...form.entries()]).toEqual([
      ['username', 'ana@example.com'],
      ['address.city', 'Lisbon'],
      ['address.geo.lat', '38.7'],
      ['items[0].name', 'mug'],
      ['items[0].qty', '2'],
      ['items[1].name', 'cap'],
      ['tags[0]', 'a'],
      ['tags[1]', 'b'],
      ['isGift', 'false'],
    ]);
  });

  it('keeps files as files', () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const form = toFormData({ avatar: file, docs: [file] });
    const avatar = form.get('avatar');
    expect(avatar).toBeInstanceOf(File);
    expect((avatar as File).name).toBe('hello.txt');
    expect(form.get('docs[0]')).toBeInstanceOf(File);
  });
});
