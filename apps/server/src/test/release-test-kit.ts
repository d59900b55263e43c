import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReleaseInput } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as } from './app';

/** Shared by the releases API tests: a package directory, packages and releases made through the API. */
export const packageEnv = () => ({
  PACKAGE_DIR: mkdtempSync(path.join(tmpdir(), 'kestrel-packages-')),
  PACKAGE_MAX_BYTES: String(256 * 1024),
});

export const packageBytes = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function uploadPackage(
  app: FastifyInstance,
  token: string,
  releaseId: number,
  bytes: Buffer,
  sum = sha256(bytes),
) {
  return app.inject({
    method: 'PUT',
    url: `/api/ha/releases/${releaseId}/package?fileName=pkg.bin`,
    headers: { ...as(token), 'content-type': 'application/octet-stream', 'x-package-sha256': sum },
    payload: bytes,
  });
}

/** Register, upload and release a version; returns its id. */
export async function releasedVersion(
  app: FastifyInstance,
  token: string,
  input: Partial<ReleaseInput> & { version: string },
  bytes = packageBytes(10_000),
): Promise<number> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/ha/releases',
    headers: as(token),
    payload: { title: `Aurora ${input.version}`, deviceTypes: ['3D'], minFromVersion: '1.0.0', ...input },
  });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().result.id as number;
  const up = await uploadPackage(app, token, id, bytes);
  expect(up.statusCode, up.body).toBe(200);
  const rel = await app.inject({
    method: 'POST',
    url: `/api/ha/releases/${id}/state`,
    headers: as(token),
    payload: { state: 'released' },
  });
  expect(rel.statusCode, rel.body).toBe(200);
  return id;
}
