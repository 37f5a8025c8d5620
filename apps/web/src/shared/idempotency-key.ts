/**
 * A new user action's `Idempotency-Key` (decision 0028): 32 hex characters from the browser's
 * CSPRNG (`crypto.randomUUID` needs a secure context; this does not). No imports, so the
 * storefront's small bundle may use it too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
