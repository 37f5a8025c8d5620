import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a test stand-in's HTTP server on a free port of 127.0.0.1 (test servers never listen
 * elsewhere); answers its base URL and a close that also drops kept-alive connections.
 */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
