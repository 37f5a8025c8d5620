import { describe, expect, it } from 'vitest';
import { toEmailCodeRequest } from './email-code-form';

describe('toEmailCodeRequest', () => {
  it('trims the email and the code and sends the passwords as typed', () => {
    expect(
      toEmailCodeRequest({
        email: '  a@b.co ',
        code: ' 123456 ',
        password: ' secret1A ',
        confirmPassword: ' secret1A ',
      }),
    ).toEqual({
      email: 'a@b.co',
      code: '123456',
      password: ' secret1A ',
      confirmPassword: ' secret1A ',
    });
  });
});
