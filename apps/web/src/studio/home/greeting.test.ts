import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting';

describe('greetingName', () => {
  it('greets with a nickname the creator chose', () => {
    expect(
      greetingName({ nickname: 'Anna Lee', email: 'anna.lee77@example.com', shopName: "Anna's picks" }),
    ).toBe('Anna Lee');
  });

  it('passes over the nickname registration filled from the email, for the shop name', () => {
    expect(
      greetingName({ nickname: 'anna.lee77', email: 'anna.lee77@example.com', shopName: "Anna's picks" }),
    ).toBe("Anna's picks");
  });

  it('falls back to the email local part only when nothing else names the creator', () => {
    expect(
      greetingName({ nickname: 'anna.lee77', email: 'anna.lee77@example.com', shopName: undefined }),
    ).toBe('anna.lee77');
    expect(greetingName({ nickname: '  ', email: 'bo@example.com', shopName: '' })).toBe('bo');
    expect(greetingName({ nickname: undefined, email: null, shopName: undefined })).toBe('');
  });
});
