import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBytes, sha256 } from '../../test/release-test-kit';
import { type S3Server, startS3Server } from '../../test/s3-server';
import { loadConfig } from '../config';
import { type PackageStore, PackageTooLarge, packageStoreFrom } from './index';
import { LocalPackageStore } from './local';
import { S3PackageStore } from './s3';

/**
 * Both package stores keep the same promises (docs/releases.md "Package upload and storage"):
 * a package is kept only whole, within the limit and with the announced SHA-256; it is read back
 * by byte range; nothing of a refused or broken upload is left behind.
 */
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
}, 30_000);
afterAll(() => s3?.stop());

const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-packages-'));
const kinds: [string, () => { store: PackageStore; list: () => Promise<string[]> }][] = [
  [
    'a local directory',
    () => ({ store: new LocalPackageStore(dir), list: async () => readdirSync(dir).sort() }),
  ],
  [
    'an S3 bucket',
    () => {
      const config = loadConfig({ DATA_DIR: '/nonexistent', ...s3.env });
      return { store: packageStoreFrom(config), list: s3.keys };
    },
  ],
];

const chunks = (b: Buffer, size = 64 * 1024) =>
  Readable.from(
    Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size)),
  );

describe.each(kinds)('packages in %s', (_kind, make) => {
  it('keeps a package whose checksum is right, reads it by byte range, and removes it', async () => {
    const { store, list } = make();
    const bytes = packageBytes(6 * 1024 * 1024 + 123, 3); // more than one multipart part
    const stored = await store.put(chunks(bytes), 8 * 1024 * 1024, sha256(bytes), 'release-7');
    expect(stored).toEqual({
      key: `release-7-${sha256(bytes).slice(0, 16)}.pkg`,
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
    });
    expect(await store.size(stored.key)).toBe(bytes.length);
    // (equals, not toEqual: a deep comparison of megabytes takes the test's whole time)
    expect((await buffer(await store.read(stored.key, 1000, 1999))).equals(bytes.subarray(1000, 2000))).toBe(
      true,
    );
    expect((await buffer(await store.read(stored.key, 0, bytes.length - 1))).equals(bytes)).toBe(true);
    expect((await list()).some((k) => k.endsWith(stored.key))).toBe(true);
    await store.remove(stored.key);
    expect(await store.size(stored.key)).toBeNull();
    expect(await list()).toEqual([]);
  });

  it('keeps nothing when the checksum differs, the package is too large, or the upload breaks', async () => {
    const { store, list } = make();
    const bytes = packageBytes(300_000, 5);
    const wrong = await store.put(chunks(bytes), 1_000_000, sha256(Buffer.from('other')), 'release-8');
    expect(wrong).toEqual({ key: '', sizeBytes: bytes.length, sha256: sha256(bytes) });
    await expect(store.put(chunks(bytes), 200_000, sha256(bytes), 'release-8')).rejects.toBeInstanceOf(
      PackageTooLarge,
    );
    const broken = Readable.from(
      (async function* () {
        yield bytes.subarray(0, 100_000);
        throw new Error('connection reset');
      })(),
    );
    await expect(store.put(broken, 1_000_000, sha256(bytes), 'release-8')).rejects.toThrow(
      'connection reset',
    );
    expect(await list()).toEqual([]);
  });
});

describe('choosing the store', () => {
  it('is the directory unless a bucket is configured; a key id needs its secret', () => {
    expect(packageStoreFrom(loadConfig({ DATA_DIR: '/tmp/k' }))).toBeInstanceOf(LocalPackageStore);
    expect(packageStoreFrom(loadConfig({ DATA_DIR: '/tmp/k', PACKAGE_S3_BUCKET: 'b-1' }))).toBeInstanceOf(
      S3PackageStore,
    );
    expect(() => loadConfig({ PACKAGE_S3_BUCKET: 'b-1', PACKAGE_S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /go together/,
    );
    expect(() => loadConfig({ PACKAGE_S3_BUCKET: 'Not A Bucket' })).toThrow(/PACKAGE_S3_BUCKET/);
  });
});
