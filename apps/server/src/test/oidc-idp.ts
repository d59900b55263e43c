/**
 * A real OpenID provider for tests (the `oidc-provider` package), run as its own process by
 * `startTestIdp` (oidc-idp-process.ts) on a loopback port. Its login page accepts any password;
 * the login name is the subject, and the part after a `|` the e-mail (`u1|ann@example.test`;
 * `u2|` has no e-mail; a plain address is its own e-mail). IDP_ACCOUNTS_FILE (JSON, read at each
 * sign-in) can give a subject other claims, e.g. a new e-mail address. Consent is implied, as for a company's own application; the end-session page signs out
 * without asking (as Entra ID does with an ID token hint) and tells every client by back-channel.
 * IDP_CLOCK_OFFSET_SECONDS moves this process's clock, to show clock skew.
 */
import fs from 'node:fs';
import Provider from 'oidc-provider';

interface IdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  backchannel_logout_uri?: string;
}
const options = JSON.parse(process.env.IDP_OPTIONS ?? '{}') as { port?: number; clients?: IdpClient[] };
const offset = Number(process.env.IDP_CLOCK_OFFSET_SECONDS ?? 0) * 1000;
if (offset) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + offset;
}

function claimsOf(sub: string) {
  const email = sub.includes('|') ? sub.slice(sub.indexOf('|') + 1) : sub.includes('@') ? sub : '';
  const name = email ? email.split('@')[0]!.replace(/[._]/g, ' ') : `Person ${sub}`;
  const claims = { sub, ...(email ? { email, email_verified: true } : {}), name };
  const file = process.env.IDP_ACCOUNTS_FILE;
  if (!file || !fs.existsSync(file)) return claims;
  const accounts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  return { ...claims, ...(accounts[sub] ?? {}), sub };
}

async function main() {
  const port = options.port ?? 0;
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${address.port}`;
  const provider = new Provider(issuer, {
    clients: (options.clients ?? []).map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(c.backchannel_logout_uri ? { backchannel_logout_session_required: true } : {}),
    })),
    pkce: { required: () => true },
    // Kestrel runs on this machine too: without the package's guard against loopback addresses.
    fetch: (url, options) => {
      const { dispatcher: _guard, ...rest } = (options ?? {}) as RequestInit & { dispatcher?: unknown };
      return fetch(url, rest);
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['kestrel-test-idp-cookie-key'] },
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Sign out at once (the hidden window closes after 4 s; nobody is there to click).
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html><head><title>Signing out</title></head><body>${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
    // The company's own application: no consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => claimsOf(id),
    }),
  });
  provider.proxy = false;
  // Shown in the test's output when a back-channel logout could not be delivered.
  provider.on('backchannel.error', (_ctx, error, client) =>
    process.stderr.write(
      `oidc-idp: back-channel logout to ${client.clientId} failed: ${error} ${(error as Error).cause ?? ''}\n`,
    ),
  );
  provider.on('end_session.success', () => process.stderr.write('oidc-idp: end_session.success\n'));
  server.on('request', provider.callback());
  process.stdout.write(`oidc-idp listening at ${issuer}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
