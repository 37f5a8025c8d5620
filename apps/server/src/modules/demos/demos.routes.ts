import {
  DEMO_WEBSOCKET_SEND_PERMISSION,
  DEMO_BROADCAST_SEND,
  DEMO_BROADCAST_TOPIC,
  DEMO_DIRECT_SEND,
  queueOf,
  DEMO_GREETING_QUEUE,
} from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { broadcastFrom, directFrom } from './demos.service';

/**
 * The console's demo pages that need the server (issue 20): the websocket demo's two SENDs on
 * the realtime endpoint. A refusal answers STOMP ERROR `demo.<reason>` (and STOMP closes the
 * session); the page translates it and offers to connect again.
 */
export const demosModule = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.database.db, limiter: app.limiter };
    // The demo's own topic, for the demo's operators only (issue 31): a creator's SUBSCRIBE to it
    // is refused, and a creator's bell (on the notices' topic) never hears the demo.
    app.realtime.allowTopic(DEMO_BROADCAST_TOPIC, DEMO_WEBSOCKET_SEND_PERMISSION);
    app.realtime.onSend(DEMO_BROADCAST_SEND, async (user, body) => {
      await app.realtime.toTopic(DEMO_BROADCAST_TOPIC, await broadcastFrom(deps, user, body));
    });
    app.realtime.onSend(DEMO_DIRECT_SEND, async (user, body) => {
      const { userId, message } = await directFrom(deps, user, body);
      await app.realtime.toUser(userId, queueOf(DEMO_GREETING_QUEUE), message);
    });
  },
  { name: 'demos', dependencies: ['rate-limit', 'realtime'] },
);
