import { newIdempotencyKey } from '../../shared/idempotency-key';
import type { TEarningsSummary } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/http/http-error';
import { checkAmount, isLostAnswer, withdrawBlocker } from './withdraw';

const LIMITS = { availableMinor: 12_345, minimumPayoutMinor: 1_000, dailyMaximumMinor: 10_000 };

const SUMMARY: TEarningsSummary = {
  balanceMinor: 15_345,
  pendingMinor: 3_000,
  availableMinor: 12_345,
  inFlightMinor: 0,
  paidOutMinor: 7_655,
  totalEarnedMinor: 23_000,
  thisMonthMinor: 2_197,
  adjustmentsMinor: 0,
  purchasesMinor: 0,
  currencyCode: 'USD',
  holdDays: 7,
  minimumPayoutMinor: 1_000,
  dailyMaximumMinor: 50_000,
  payoutAccount: { email: 'ana@paypal.example', verified: true },
  autoPayout: false,
  payoutsHeld: false,
};

describe('checkAmount', () => {
  it('turns dollars into integer cents by their digits, never by float arithmetic', () => {
    expect(checkAmount('100', LIMITS)).toEqual({ cents: 10_000 });
    expect(checkAmount(' 10.1 ', LIMITS)).toEqual({ cents: 1_010 });
    expect(checkAmount('19,99', LIMITS)).toEqual({ cents: 1_999 });
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(checkAmount('10.29', LIMITS)).toEqual({ cents: 1_029 });
    expect(checkAmount('20.', LIMITS)).toEqual({ cents: 2_000 });
  });

  it('refuses each amount the rules refuse, with its reason', () => {
    expect(checkAmount('', LIMITS)).toEqual({ error: 'required' });
    expect(checkAmount('12.345', LIMITS)).toEqual({ error: 'decimals' });
    expect(checkAmount('abc', LIMITS)).toEqual({ error: 'format' });
    expect(checkAmount('-5', LIMITS)).toEqual({ error: 'format' });
    expect(checkAmount('1e3', LIMITS)).toEqual({ error: 'format' });
    expect(checkAmount('0.00', LIMITS)).toEqual({ error: 'notPositive' });
    expect(checkAmount('123.46', LIMITS)).toEqual({ error: 'aboveAvailable' });
    expect(checkAmount('100.01', LIMITS)).toEqual({ error: 'aboveDailyMaximum' });
    expect(checkAmount('9.99', LIMITS)).toEqual({ error: 'belowMinimum' });
  });
});

describe('withdrawBlocker', () => {
  it('says why a withdrawal cannot start, the account first', () => {
    expect(withdrawBlocker(SUMMARY)).toBeNull();
    expect(withdrawBlocker({ ...SUMMARY, payoutAccount: null })).toBe('noAccount');
    expect(withdrawBlocker({ ...SUMMARY, payoutAccount: { email: 'a@b.c', verified: false } })).toBe(
      'unverified',
    );
    expect(withdrawBlocker({ ...SUMMARY, payoutsHeld: true })).toBe('held');
    expect(withdrawBlocker({ ...SUMMARY, inFlightMinor: 500 })).toBe('inFlight');
    expect(withdrawBlocker({ ...SUMMARY, availableMinor: 999 })).toBe('belowMinimum');
    expect(withdrawBlocker({ ...SUMMARY, availableMinor: -200, minimumPayoutMinor: 0 })).toBe('belowMinimum');
  });
});

describe('request keys', () => {
  it('are new each time and fit the contract', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('are kept after a lost answer, renewed after a refusal', () => {
    expect(isLostAnswer(new HttpError({ code: 'CLIENT_NETWORK', msg: '' }))).toBe(true);
    expect(isLostAnswer(new HttpError({ code: 'CLIENT_TIMEOUT', msg: '' }))).toBe(true);
    expect(isLostAnswer(new HttpError({ code: 'B0001', msg: '', status: 502 }))).toBe(true);
    expect(isLostAnswer(new HttpError({ code: 'A0400', msg: '', status: 400 }))).toBe(false);
    expect(isLostAnswer(new HttpError({ code: 'A0652', msg: '', status: 409 }))).toBe(false);
  });
});
