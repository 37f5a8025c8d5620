import { afterEach, describe, expect, it } from 'vitest';
import { dropProviderParams, withoutProviderParams } from './provider-return';

describe('withoutProviderParams', () => {
  it("drops the sandbox's and PayPal's return parameters, keeping the hash route and the rest", () => {
    expect(withoutProviderParams('http://127.0.0.1:8080/?token=SB-1#/order/pay-result?purchase=7')).toBe(
      '/#/order/pay-result?purchase=7',
    );
    expect(
      withoutProviderParams('https://x.example/?lang=fr&token=5O1&PayerID=ABC#/order/pay-result?purchase=7'),
    ).toBe('/?lang=fr#/order/pay-result?purchase=7');
  });

  it('is null when there is nothing to drop', () => {
    expect(withoutProviderParams('http://127.0.0.1:8080/#/order/pay-result?purchase=7')).toBeNull();
  });
});

describe('dropProviderParams', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('replaces the address in place, keeping the history state', () => {
    window.history.pushState({ idx: 3 }, '', '/?token=SB-1#/order/pay-result?purchase=7');
    const length = window.history.length;
    dropProviderParams();
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/order/pay-result?purchase=7');
    expect(window.history.state).toEqual({ idx: 3 });
    expect(window.history.length).toBe(length);
  });
});
