import type { TBusinessInfo, TCurrentUser } from '@linkstore/contract';
import { createEmitter } from './event-emitter';

/** Who is signed in, as the user store holds it after start-up or sign-in. */
export interface TUserInfo {
  user: TCurrentUser;
  business: TBusinessInfo['info'];
}

/**
 * Session events that other parts of the app (websocket, caches) listen to:
 * tokens stored, tokens cleared, and the user's info loaded.
 */
export const sessionEvents = createEmitter<{
  tokenSet: { authorization: string };
  tokenCleared: undefined;
  user: TUserInfo;
}>();
