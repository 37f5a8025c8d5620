import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { payoutsModule } from './modules/payouts/payouts.routes';
import { reconciliationModule } from './modules/reconciliation/reconciliation.routes';
import { refundsModule } from './modules/refunds/refunds.routes';

/*
 * The money modules declare what they need (Fastify plugin `dependencies`): an app that lacks one
 * fails at start, naming it, instead of running with the behaviour silently off.
 */

/** A stand-in plugin that only carries a name, for an app that has every dependency but `missing`. */
const named = (name: string) => fp(async () => undefined, { name }) as unknown as FastifyPluginAsync;

async function startWithout(module: FastifyPluginAsync, present: string[]): Promise<unknown> {
  const app = Fastify({ logger: false });
  for (const name of present) await app.register(named(name));
  try {
    await app.register(module);
    await app.ready();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('money modules declare their dependencies', () => {
  const cases: [string, FastifyPluginAsync, string[]][] = [
    ['refunds', refundsModule, ['payments', 'mail', 'realtime', 'private-answers']],
    ['payouts', payoutsModule, ['payments', 'realtime', 'private-answers', 'configs']],
    ['reconciliation', reconciliationModule, ['configs']],
  ];
  for (const [name, module, needs] of cases) {
    for (const missing of needs) {
      it(`${name} does not start without ${missing}`, async () => {
        const error = await startWithout(
          module,
          needs.filter((n) => n !== missing),
        );
        expect(String(error)).toContain(`The dependency '${missing}' of plugin '${name}' is not registered`);
      });
    }
  }
});
