/** The ports of the browser-test stack: the app on E2E_PORT, its helpers right after it. */
export function stackPorts() {
  const app = Number(process.env.E2E_PORT ?? 8181);
  return { app, smtp: app + 1, mailbox: app + 2, oidc: app + 3 };
}

/** The seeded operators' password on the browser-test server (SEED_PASSWORD). */
export const E2E_SEED_PASSWORD = 'operator-pass-e2e-1';
