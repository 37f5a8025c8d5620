import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { REALTIME_PATH } from '../platform/realtime/realtime-plugin';
import type { TestContext } from './helper';

/** The test app listening on a free loopback port; answers the realtime socket's address. */
export async function listenForSockets(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
}

/**
 * A stompjs client as the web app makes one, connected with `token`, collecting what arrives on
 * `destinations`; resolves once every subscription is in place (the server sent its receipt).
 */
export async function stompListener(url: string, token: string, destinations: string[]) {
  const received: { destination: string; body: unknown }[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.activate();
  });
  await Promise.all(
    destinations.map(
      (destination) =>
        new Promise<void>((resolve) => {
          client.watchForReceipt(`r-${destination}`, () => resolve());
          client.subscribe(
            destination,
            (message: IMessage) => void received.push({ destination, body: JSON.parse(message.body) }),
            { receipt: `r-${destination}` },
          );
        }),
    ),
  );
  return { client, received };
}
