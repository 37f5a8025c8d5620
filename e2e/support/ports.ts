/** The ports of the browser-test stack: the app on E2E_PORT, its helpers right after it. */
export function stackPorts() {
  const app = Number(process.env.E2E_PORT ?? 8181);
  return { app, smtp: app + 1, mailbox: app + 2, oidc: app + 3 };
}
