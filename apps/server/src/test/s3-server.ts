import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface S3Server {
  /** The PACKAGE_S3_* configuration that points a server at this bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The keys in the bucket, sorted (asked of the server, as any S3 client would). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server process (s3rver: the S3 REST API over local files, checking request
 * signatures against its access key), with one bucket, on a free port.
 */
export async function startS3Server(bucket = 'kestrel-packages'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on [\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${out}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    keys: async () => {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const r = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      client.destroy();
      return (r.Contents ?? []).map((o) => o.Key!).sort();
    },
    env: {
      PACKAGE_S3_BUCKET: bucket,
      PACKAGE_S3_ENDPOINT: endpoint,
      PACKAGE_S3_PREFIX: 'kestrel/packages/',
      // s3rver's own account.
      PACKAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      PACKAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
