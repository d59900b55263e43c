import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface TestIdp {
  issuer: string;
  stop(): Promise<void>;
}

export interface TestIdpOptions {
  clients: {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    backchannel_logout_uri?: string;
  }[];
  port?: number;
  clockOffsetSeconds?: number;
  /** JSON file of claims by subject, read at each sign-in (oidc-idp.ts). */
  accountsFile?: string;
}

const script = path.join(import.meta.dirname, 'oidc-idp.ts');

/** Starts the test OpenID provider (oidc-idp.ts) as its own process; resolves with its issuer URL. */
export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      IDP_OPTIONS: JSON.stringify({ port: options.port ?? 0, clients: options.clients }),
      IDP_CLOCK_OFFSET_SECONDS: String(options.clockOffsetSeconds ?? 0),
      IDP_ACCOUNTS_FILE: options.accountsFile ?? '',
      DEBUG: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the test identity provider did not start:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/oidc-idp listening at (\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      if (process.env.IDP_DEBUG) process.stderr.write(c);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test identity provider exited (${code}):\n${output}`));
    });
  });
  return {
    issuer,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
