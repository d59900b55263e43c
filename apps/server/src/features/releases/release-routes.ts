import {
  envelope,
  PACKAGE_SHA256_HEADER,
  releaseIdParams,
  releaseIdQuery,
  releaseInfo,
  releaseInput,
  releaseListQuery,
  releaseStateInput,
  releaseSummary,
  sha256Hex,
} from '@kestrel/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compareVersions, parseVersion } from '../../domain/deployment/semver';
import { recordAudit } from '../../platform/admin/audit';
import { releases } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { conflict, HttpError } from '../../platform/errors';
import { type PackageStore, PackageTooLarge } from '../../platform/package-store';
import { DEPLOYERS, RELEASE_ADMIN } from './policy';
import { refuse } from './refusals';
import { releaseById, toInfo, toSummary } from './release-rows';

const actorOf = (request: { user: { id: number; email: string }; ip: string }) => ({
  id: request.user.id,
  email: request.user.email,
  ip: request.ip,
});

/** A 400 naming a header, shaped as schema validation reports fields. */
const badHeader = (name: string, message: string) =>
  new HttpError(400, 'refused', `Invalid request: headers.${name}: ${message}`, [
    { path: `headers.${name}`, message },
  ]);

/**
 * Release management (docs/releases.md §1): provider admins register releases, upload their
 * package, release and withdraw them; provider staff read them.
 */
export const releaseAdminRoutes: FastifyPluginAsyncZod<{ packages: PackageStore }> = async (
  app,
  { packages: store },
) => {
  // The package arrives as raw bytes and is streamed to the store, never buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.get(
    '/ha/listOfReleasedVersion',
    {
      config: { access: DEPLOYERS },
      schema: {
        tags: ['releases'],
        querystring: releaseListQuery,
        response: { 200: envelope(z.array(releaseSummary)) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(releases)
        .where(request.query.state ? eq(releases.state, request.query.state) : undefined)
        .orderBy(desc(releases.createdAt), desc(releases.id));
      return ok(rows.map(toSummary));
    },
  );

  app.get(
    '/ha/detailsOfReleasedVersion',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], querystring: releaseIdQuery, response: { 200: envelope(releaseInfo) } },
    },
    async (request) => ok(toInfo(await releaseById(app.db, request.query.releaseId))),
  );

  const checkVersions = (version: string, minFrom: string) => {
    if (compareVersions(parseVersion(minFrom)!, parseVersion(version)!) >= 0) {
      throw refuse('minFromVersion', `must be older than the release's version ${version}`);
    }
  };

  app.post(
    '/ha/releases',
    {
      config: { access: RELEASE_ADMIN },
      schema: { tags: ['releases'], body: releaseInput, response: { 200: envelope(releaseInfo) } },
    },
    async (request) => {
      const b = request.body;
      checkVersions(b.version, b.minFromVersion);
      const now = app.now();
      const row = await app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: releases.id })
          .from(releases)
          .where(eq(releases.version, b.version));
        if (existing) throw conflictField('version', `version ${b.version} is already registered`);
        const [row] = await tx
          .insert(releases)
          .values({
            version: b.version,
            title: b.title,
            deviceTypes: [...new Set(b.deviceTypes)],
            minFromVersion: b.minFromVersion,
            notesMarkdown: b.notesMarkdown,
            state: 'draft',
            createdByUserId: request.user.id,
            createdAt: now,
          })
          .returning();
        await recordAudit(
          tx,
          actorOf(request),
          {
            customerId: null,
            action: 'create',
            entity: 'release',
            entityId: row!.id,
            after: { version: b.version },
          },
          now,
        );
        return row!;
      });
      return ok(toInfo(row));
    },
  );

  app.put(
    '/ha/releases/:releaseId',
    {
      config: { access: RELEASE_ADMIN },
      schema: {
        tags: ['releases'],
        params: releaseIdParams,
        body: releaseInput,
        response: { 200: envelope(releaseInfo) },
      },
    },
    async (request) => {
      const b = request.body;
      checkVersions(b.version, b.minFromVersion);
      const row = await app.db.transaction(async (tx) => {
        const current = await releaseById(tx, request.params.releaseId);
        if (current.state !== 'draft')
          throw conflict(`Release ${current.version} is ${current.state}: only drafts can be edited.`);
        const [clash] = await tx
          .select({ id: releases.id })
          .from(releases)
          .where(eq(releases.version, b.version));
        if (clash && clash.id !== current.id)
          throw conflictField('version', `version ${b.version} is already registered`);
        const [row] = await tx
          .update(releases)
          .set({
            version: b.version,
            title: b.title,
            deviceTypes: [...new Set(b.deviceTypes)],
            minFromVersion: b.minFromVersion,
            notesMarkdown: b.notesMarkdown,
          })
          .where(eq(releases.id, current.id))
          .returning();
        return row!;
      });
      return ok(toInfo(row));
    },
  );

  app.put(
    '/ha/releases/:releaseId/package',
    {
      config: { access: RELEASE_ADMIN },
      schema: {
        tags: ['releases'],
        params: releaseIdParams,
        querystring: z.strictObject({
          fileName: z
            .string()
            .max(200, 'must be at most 200 characters')
            .regex(/^[\w.+-]+$/, 'must be letters, digits, dots, dashes or underscores')
            .optional(),
        }),
        response: { 200: envelope(releaseInfo) },
      },
    },
    async (request, reply) => {
      const current = await releaseById(app.db, request.params.releaseId);
      if (current.state !== 'draft') {
        throw conflict(`Release ${current.version} is ${current.state}: its package can no longer change.`);
      }
      const header = request.headers[PACKAGE_SHA256_HEADER];
      const expected = sha256Hex.safeParse(typeof header === 'string' ? header.toLowerCase() : undefined);
      if (!expected.success) {
        throw badHeader(PACKAGE_SHA256_HEADER, 'the SHA-256 of the package is required, as 64 hex digits');
      }
      const body = request.body as unknown;
      if (!body || typeof (body as NodeJS.ReadableStream).pipe !== 'function') {
        throw badHeader('content-type', 'send the package as application/octet-stream');
      }
      const max = app.config.PACKAGE_MAX_BYTES;
      const declared = Number(request.headers['content-length']);
      const tooLarge = () =>
        new HttpError(413, 'package_too_large', `The package is larger than the limit of ${max} bytes.`, [
          { path: 'body', message: `must be at most ${max} bytes` },
        ]);
      if (Number.isFinite(declared) && declared > max) {
        reply.header('connection', 'close');
        throw tooLarge();
      }
      let stored: Awaited<ReturnType<typeof store.put>>;
      try {
        stored = await store.put(body as never, max, expected.data, `release-${current.id}`);
      } catch (err) {
        if (err instanceof PackageTooLarge) throw tooLarge();
        throw err;
      }
      if (!stored.key) {
        throw badHeader(
          PACKAGE_SHA256_HEADER,
          `does not match the package received (its SHA-256 is ${stored.sha256}); upload it again`,
        );
      }
      const now = app.now();
      const [row] = await app.db
        .update(releases)
        .set({
          packageKey: stored.key,
          packageFileName: request.query.fileName ?? `${current.version}.pkg`,
          packageSizeBytes: stored.sizeBytes,
          packageSha256: stored.sha256,
          packageUploadedAt: now,
        })
        .where(eq(releases.id, current.id))
        .returning();
      if (current.packageKey && current.packageKey !== stored.key) await store.remove(current.packageKey);
      return ok(toInfo(row!));
    },
  );

  app.post(
    '/ha/releases/:releaseId/state',
    {
      config: { access: RELEASE_ADMIN },
      schema: {
        tags: ['releases'],
        params: releaseIdParams,
        body: releaseStateInput,
        response: { 200: envelope(releaseInfo) },
      },
    },
    async (request) => {
      const now = app.now();
      const to = request.body.state;
      const row = await app.db.transaction(async (tx) => {
        const current = await releaseById(tx, request.params.releaseId);
        if (to === 'released') {
          if (current.state !== 'draft')
            throw conflictField('state', `release ${current.version} is ${current.state}, not a draft`);
          if (!current.packageKey) throw refuse('state', 'upload the package before releasing');
        } else if (current.state !== 'released') {
          throw conflictField(
            'state',
            `only a released version can be withdrawn; ${current.version} is ${current.state}`,
          );
        }
        const [row] = await tx
          .update(releases)
          .set(
            to === 'released'
              ? { state: 'released', releasedAt: now }
              : { state: 'withdrawn', withdrawnAt: now },
          )
          .where(eq(releases.id, current.id))
          .returning();
        await recordAudit(
          tx,
          actorOf(request),
          {
            customerId: null,
            action: to === 'released' ? 'release' : 'withdraw',
            entity: 'release',
            entityId: current.id,
            before: { state: current.state },
            after: { state: to },
          },
          now,
        );
        return row!;
      });
      return ok(toInfo(row));
    },
  );
};

/** A 409 naming a body field: the value is well-formed but clashes with what is stored. */
export const conflictField = (field: string, message: string) =>
  new HttpError(409, 'conflict', `Invalid request: body.${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);
