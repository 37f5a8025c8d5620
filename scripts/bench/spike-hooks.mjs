// Bench-only hooks of the storefront bench server (storefront-server.mjs), started only when
// BENCH_SPIKE=1: a control server on 127.0.0.1:BENCH_SPIKE_CONTROL_PORT — not the app's port,
// never part of the app — that the spike bench (spike.mjs) uses to prepare the database before
// the traffic and to read it after, because on PGlite this process alone can open the database.
//
//   GET  /database  → { driver, url }: the PostgreSQL URL (null on PGlite), for a direct `pg` read
//   POST /stock     { productId, stock } → sets one product's stock (the low-stock product)
//   POST /checks    { emailLike, lowStockProductId, initialStock, orderNos } → spike-checks.mjs
//   POST /reconcile → the money check (modules/reconciliation): { differences, first }
import { createServer } from 'node:http';
import { reconcile } from '../../apps/server/src/modules/reconciliation/reconciliation.api.ts';
import { checkoutFigures } from './spike-checks.mjs';

async function bodyOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the control server; resolves with it (close it at shutdown). */
export async function startSpikeHooks({ database, port }) {
  const { raw } = database;
  const query = (text, params) =>
    raw.kind === 'pglite' ? raw.client.query(text, params) : raw.pool.query(text, params);
  const routes = {
    'GET /database': async () => ({
      driver: database.driver,
      url: database.driver === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? null) : null,
    }),
    'POST /stock': async ({ productId, stock }) => {
      const { rows } = await query('update products set stock = $2 where id = $1 returning id, stock', [
        Number(productId),
        Number(stock),
      ]);
      if (rows.length !== 1) throw new Error(`no product ${productId}`);
      return { productId: String(productId), stock: Number(rows[0].stock) };
    },
    'POST /checks': async (body) => checkoutFigures(query, body),
    'POST /reconcile': async () => {
      const found = await reconcile(database.db);
      return {
        differences: found.differences.length,
        creatorsChecked: found.creatorsChecked,
        first: found.differences.slice(0, 5),
      };
    },
  };
  const server = createServer((request, response) => {
    const route = routes[`${request.method} ${request.url}`];
    const answer = (status, value) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (!route) return answer(404, { error: 'no such bench hook' });
    bodyOf(request)
      .then(route)
      .then(
        (value) => answer(200, value),
        (error) => answer(500, { error: String(error?.stack ?? error) }),
      );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
