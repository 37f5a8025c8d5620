import { z } from 'zod';

/**
 * The websocket demo page (issue 20, console-api.md §4) on the realtime endpoint (STOMP at `/ws`,
 * decision 0038): a broadcast to the operators listening on the demo's own topic and a direct
 * message to one user by username. Both are SENDs with a JSON body, refused without the permission.
 */

/**
 * Who may send from the demo page (seeded as the page's "Send" button), and who may listen to its
 * broadcasts: the server refuses anyone else's SUBSCRIBE to `DEMO_BROADCAST_TOPIC` (issue 31).
 */
export const DEMO_WEBSOCKET_SEND_PERMISSION = 'demo:websocket:send';
/** SEND here: `{content}` → every subscriber of `DEMO_BROADCAST_TOPIC` gets a `TDemoBroadcast`. */
export const DEMO_BROADCAST_SEND = '/app/sendToAll';
/** SEND here: `{to, content}` → the user named `to` gets a `TDemoGreeting` on `/user/queue/greeting`. */
export const DEMO_DIRECT_SEND = '/app/sendToUser';
/**
 * The broadcast's own topic, for holders of `DEMO_WEBSOCKET_SEND_PERMISSION` only (issue 31: it
 * was the notices' topic, so every creator's bell received the demo's traffic).
 */
export const DEMO_BROADCAST_TOPIC = '/topic/demo';
/** A user's direct messages, as the client subscribes to them. */
export const DEMO_GREETING_QUEUE = '/user/queue/greeting';
/** Longest message, in characters; a SEND body is refused above DEMO_BODY_MAX_BYTES before parsing. */
export const DEMO_MESSAGE_MAX = 500;
export const DEMO_BODY_MAX_BYTES = 4096;
/** SENDs one user may make per minute from the demo. */
export const DEMO_SENDS_PER_MINUTE = 30;

/**
 * Why the server refused a SEND (the STOMP ERROR frame's `message`; STOMP closes the session
 * after it). The client translates them.
 */
export const DEMO_REFUSALS = ['forbidden', 'invalid', 'tooLong', 'rateLimited', 'unknownUser'] as const;
export type TDemoRefusal = (typeof DEMO_REFUSALS)[number];
export const demoRefusalMessage = (reason: TDemoRefusal) => `demo.${reason}`;

const ZContent = z.string().trim().min(1).max(DEMO_MESSAGE_MAX);

export const ZDemoBroadcastRequest = z.object({ content: ZContent });
export type TDemoBroadcastRequest = z.infer<typeof ZDemoBroadcastRequest>;

export const ZDemoDirectRequest = z.object({ to: z.string().trim().min(1).max(64), content: ZContent });
export type TDemoDirectRequest = z.infer<typeof ZDemoDirectRequest>;

/** On `/topic/notice`: the client shows "server notice: <content>" in the reader's language. */
export const ZDemoBroadcast = z.object({
  kind: z.literal('demoNotice'),
  sender: z.string(),
  content: z.string(),
});
export type TDemoBroadcast = z.infer<typeof ZDemoBroadcast>;

/** On `/user/queue/greeting` (console-api.md §4: `{sender, content}`). */
export const ZDemoGreeting = z.object({ sender: z.string(), content: z.string() });
export type TDemoGreeting = z.infer<typeof ZDemoGreeting>;
