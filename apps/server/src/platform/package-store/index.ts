import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { LocalPackageStore } from './local';
import { S3PackageStore } from './s3';

export { PackageTooLarge } from './checked';

export interface StoredPackage {
  /** The package's name in the store; '' when its SHA-256 did not match and nothing was kept. */
  key: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Where release packages live (docs/releases.md "Package upload and storage"): a local directory
 * by default, an S3-compatible bucket when PACKAGE_S3_BUCKET is set (several servers then share
 * it). Both stream: an upload is never held in memory, a download is read by byte range.
 */
export interface PackageStore {
  /**
   * Stream `body` into the store under `<keyPrefix>-<sha256 prefix>.pkg`. Kept only when its
   * SHA-256 is `expectedSha256`; throws PackageTooLarge past `maxBytes` (nothing kept).
   */
  put(body: Readable, maxBytes: number, expectedSha256: string, keyPrefix: string): Promise<StoredPackage>;
  /** The package's size in bytes, or null when the store does not have it. */
  size(key: string): Promise<number | null>;
  /** The bytes start … end (inclusive). */
  read(key: string, start: number, end: number): Promise<Readable>;
  remove(key: string): Promise<void>;
}

/** Keys are ours (release id and hash), never a caller's text; anything else is a bug. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9-]+\.pkg$/.test(key)) throw new Error(`not a package key: ${key}`);
  return key;
}

export const packageKey = (keyPrefix: string, sha256: string) =>
  checkKey(`${keyPrefix}-${sha256.slice(0, 16)}.pkg`);

export function packageStoreFrom(config: Config): PackageStore {
  if (!config.PACKAGE_S3_BUCKET) return new LocalPackageStore(config.packageDir);
  return new S3PackageStore({
    bucket: config.PACKAGE_S3_BUCKET,
    prefix: config.PACKAGE_S3_PREFIX,
    endpoint: config.PACKAGE_S3_ENDPOINT,
    region: config.PACKAGE_S3_REGION,
    accessKeyId: config.PACKAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: config.PACKAGE_S3_SECRET_ACCESS_KEY,
  });
}
