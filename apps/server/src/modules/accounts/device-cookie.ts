import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie a browser gets on every sign-in, naming the account (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'ls_device';
/** Sent only to the sign-in routes. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A browser that signed in to `userId` before; `id` names it in the per-device counters. */
export interface KnownDevice {
  userId: number;
  id: string;
}

/**
 * Signs and reads device cookies: `<userId>.<issued, seconds>.<nonce>.<HMAC>`, keyed from the
 * server's secret, valid for a year. The cookie proves only that this browser signed in to
 * the account before; it never signs anyone in by itself.
 */
export function createDeviceCookies(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** The `Set-Cookie` value for a sign-in to `userId`. */
    issue(userId: number, isSecure: boolean): string {
      const body = `${userId}.${Math.floor(now() / 1000)}.${randomBytes(16).toString('base64url')}`;
      return [
        `${DEVICE_COOKIE}=${body}.${sign(body)}`,
        `Path=${DEVICE_COOKIE_PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(isSecure ? ['Secure'] : []),
      ].join('; ');
    },

    /** The device the `Cookie` header names, when its cookie is ours, unexpired and unaltered. */
    read(cookieHeader: string | undefined): KnownDevice | undefined {
      const value = cookieValue(cookieHeader, DEVICE_COOKIE);
      const parts = value?.split('.');
      if (!parts || parts.length !== 4) return undefined;
      const [userId, issued, nonce, signature] = parts as [string, string, string, string];
      if (!/^\d{1,15}$/.test(userId) || !/^\d{1,12}$/.test(issued)) return undefined;
      const expected = Buffer.from(sign(`${userId}.${issued}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (now() / 1000 - Number(issued) > DEVICE_COOKIE_MAX_AGE_SECONDS) return undefined;
      return { userId: Number(userId), id: nonce };
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
