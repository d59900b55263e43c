import { startTestIdp } from '../apps/server/src/test/oidc-idp-process';
import { freePort, startPortal } from './support/server';

export const E2E_PASSWORD = 'kestrel-e2e-password';
/** Company sign-in (docs/sso.md): the test identity provider's clients, one per spec test that needs its own. */
export const E2E_IDP_SECRET = 'kestrel-e2e-idp-client-secret';
export const E2E_IDP_CLIENTS = Array.from({ length: 10 }, (_, i) => `kestrel-e2e-${i + 1}`);

/**
 * Starts the real server (tsx, as `npm start` does) on a free port with a temporary data
 * directory and a small demo fleet; returns the teardown that stops it and removes the data.
 */
export default async function globalSetup() {
  if (process.env.KESTREL_E2E_URL) return; // A server given from outside (debugging).
  // A known port, so that PUBLIC_URL (the redirect address the identity provider knows) is right.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // A real OpenID provider as its own process on a loopback port (docs/sso.md "Testing").
  const idp = await startTestIdp({
    clients: E2E_IDP_CLIENTS.map((client_id) => ({
      client_id,
      client_secret: E2E_IDP_SECRET,
      redirect_uris: [`${publicUrl}/api/sso/callback`],
      backchannel_logout_uri: `${publicUrl}/api/sso/backchannel-logout`,
    })),
  });
  process.env.KESTREL_E2E_IDP = idp.issuer;
  // A real SMTP server: every mail the portal sends lands as a file in the mail directory, which
  // specs read (e.g. a password link). docs/accounts.md.
  const portal = await startPortal(
    { SSO_SECRET_KEY: '0123456789abcdef'.repeat(4), DEMO_PASSWORD: E2E_PASSWORD },
    port,
  );
  process.env.KESTREL_E2E_MAILDIR = portal.mailDir;
  process.env.KESTREL_E2E_URL = portal.url;
  return async () => {
    await portal.stop();
    await idp.stop();
  };
}
