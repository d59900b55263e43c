import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedChunks, PackageTooLarge } from './checked';
import { checkKey, type PackageStore, packageKey, type StoredPackage } from './index';

export interface S3Options {
  bucket: string;
  /** Prepended to every key, e.g. `kestrel/packages/`. */
  prefix?: string;
  /** An S3-compatible service's address (MinIO, Ceph, …); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  /** Unset: the SDK's usual chain (AWS_* variables, instance or task roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Parts of a multipart upload: S3's minimum, so at most one part (5 MiB) is in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;
const mismatch = Symbol('sha256 mismatch');

/**
 * Packages in an S3-compatible bucket. The upload goes straight to its final key, as a multipart
 * upload that is aborted — so nothing is kept — when the bytes pass the limit or their SHA-256 is
 * not the one announced: the key is made from the announced hash, and the check fails the stream
 * before its end, i.e. before S3 completes the object.
 */
export class S3PackageStore implements PackageStore {
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: S3-compatible services do not all accept the
      // SDK's default trailing checksums. Integrity is ours anyway (the package's SHA-256).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    return `${this.opts.prefix ?? ''}${checkKey(key)}`;
  }

  async put(
    body: Readable,
    maxBytes: number,
    expectedSha256: string,
    keyPrefix: string,
  ): Promise<StoredPackage> {
    const key = packageKey(keyPrefix, expectedSha256);
    const checked = checkedChunks(maxBytes);
    // The hash is known after the last chunk: a wrong one fails the stream there, before the
    // upload's completion, and the multipart upload is aborted.
    const verified = Readable.from(
      (async function* () {
        yield* checked.pass(body);
        if (checked.result().sha256 !== expectedSha256) throw mismatch;
      })(),
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.opts.bucket, Key: this.objectKey(key), Body: verified },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return { key, ...checked.result() };
    } catch (err) {
      if (err === mismatch || (err as { cause?: unknown }).cause === mismatch)
        return { key: '', ...checked.result() };
      if (err instanceof PackageTooLarge || (err as { cause?: unknown }).cause instanceof PackageTooLarge) {
        throw new PackageTooLarge(`the package is larger than ${maxBytes} bytes`);
      }
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? null;
    } catch (err) {
      if (err instanceof NotFound || err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async read(key: string, start: number, end: number): Promise<Readable> {
    const got = await this.client.send(
      new GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Range: `bytes=${start}-${end}`,
      }),
    );
    return got.Body as Readable;
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
  }
}
