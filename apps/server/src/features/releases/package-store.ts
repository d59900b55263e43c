import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where release packages live (docs/releases.md §1): a local directory, PACKAGE_DIR. An upload is
 * streamed to a temporary file while its SHA-256 is computed and its size counted, then renamed
 * into place only when both are right; a failed upload leaves nothing behind.
 */
export class PackageTooLarge extends Error {}

export interface StoredPackage {
  key: string;
  sizeBytes: number;
  sha256: string;
}

export class LocalPackageStore {
  constructor(readonly dir: string) {}

  private pathOf(key: string) {
    if (!/^[a-z0-9-]+\.pkg$/.test(key)) throw new Error(`not a package key: ${key}`);
    return path.join(this.dir, key);
  }

  /** Stream `body` into the store; throws PackageTooLarge past `maxBytes`. */
  async put(
    body: Readable,
    maxBytes: number,
    expectedSha256: string,
    keyPrefix: string,
  ): Promise<StoredPackage> {
    await mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `upload-${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes) throw new PackageTooLarge(`the package is larger than ${maxBytes} bytes`);
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
      const sha256 = hash.digest('hex');
      if (sha256 !== expectedSha256) {
        await rm(tmp, { force: true });
        return { key: '', sizeBytes: size, sha256 };
      }
      const key = `${keyPrefix}-${sha256.slice(0, 16)}.pkg`;
      await rename(tmp, this.pathOf(key));
      return { key, sizeBytes: size, sha256 };
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

  /** The bytes start … end (inclusive). */
  read(key: string, start: number, end: number): Readable {
    return createReadStream(this.pathOf(key), { start, end });
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
