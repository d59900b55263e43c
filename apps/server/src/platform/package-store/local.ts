import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedChunks } from './checked';
import { checkKey, type PackageStore, packageKey, type StoredPackage } from './index';

/**
 * Packages in a local directory (PACKAGE_DIR). An upload is streamed to a temporary file and
 * renamed into place only when its size and SHA-256 are right; a failed upload leaves nothing.
 */
export class LocalPackageStore implements PackageStore {
  constructor(readonly dir: string) {}

  private pathOf(key: string) {
    return path.join(this.dir, checkKey(key));
  }

  async put(
    body: Readable,
    maxBytes: number,
    expectedSha256: string,
    keyPrefix: string,
  ): Promise<StoredPackage> {
    await mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `upload-${randomUUID()}.part`);
    const checked = checkedChunks(maxBytes);
    try {
      await pipeline(body, checked.pass, createWriteStream(tmp));
      const { sizeBytes, sha256 } = checked.result();
      if (sha256 !== expectedSha256) {
        await rm(tmp, { force: true });
        return { key: '', sizeBytes, sha256 };
      }
      const key = packageKey(keyPrefix, sha256);
      await rename(tmp, this.pathOf(key));
      return { key, sizeBytes, sha256 };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async read(key: string, start: number, end: number): Promise<Readable> {
    return createReadStream(this.pathOf(key), { start, end });
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
