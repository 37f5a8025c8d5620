import { describe, expect, it } from 'vitest';
import { toLoginRequest } from './password-sign-in';

describe('toLoginRequest', () => {
  it('trims the name and the captcha code and sends the password as typed', () => {
    expect(toLoginRequest(' admin ', { password: ' pass word ', captchaCode: ' ab12 ' }, 'k1')).toEqual({
      username: 'admin',
      password: ' pass word ',
      captchaKey: 'k1',
      captchaCode: 'ab12',
    });
  });

  it('sends empty captcha key and code when there is no captcha', () => {
    expect(toLoginRequest('a@b.co', { password: 'secret' }, undefined)).toMatchObject({
      captchaKey: '',
      captchaCode: '',
    });
  });
});
