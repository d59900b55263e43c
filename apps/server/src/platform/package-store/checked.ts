import { createHash } from 'node:crypto';

/** A package larger than the configured limit (PACKAGE_MAX_BYTES): nothing of it is kept. */
export class PackageTooLarge extends Error {}

/**
 * Counts and hashes a package's bytes as they stream to storage, and fails past `maxBytes` — so
 * neither store holds a whole package in memory, and a too-large upload stops at the limit
 * instead of at its end.
 */
export function checkedChunks(maxBytes: number) {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  let sha256 = '';
  return {
    async *pass(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of chunks) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxBytes) throw new PackageTooLarge(`the package is larger than ${maxBytes} bytes`);
        hash.update(chunk);
        yield chunk;
      }
      sha256 = hash.digest('hex');
    },
    /** Bytes seen and, once every chunk has passed, their SHA-256. */
    result: () => ({ sizeBytes, sha256 }),
  };
}
