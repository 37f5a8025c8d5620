import { z } from 'zod';

/**
 * `Idempotency-Key` (IETF httpapi idempotency-key-header draft; decision 0028): on the routes
 * that move money (`idempotent: true` in their definition) a client may send a key it made for
 * one user action and send it again with every retry of that action. The first completed
 * answer is kept for 24 hours and answered again (with `Idempotent-Replayed: true`) instead of
 * running the action a second time. Optional: without it a route works as it always did.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that was not computed now but replayed from the first request's. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** 1–255 visible ASCII characters (a UUID, as the web client sends, fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request headers an idempotent route declares (other headers pass through untouched). */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .describe(
      'Optional. One key per user action (1–255 visible ASCII characters), sent again with every retry of that action: a replay answers the first answer with `Idempotent-Replayed: true`; while the first is still running, A0680 (409); with a different request, A0681 (422). Keys expire after 24 hours; refusals are not kept.',
    ),
});
