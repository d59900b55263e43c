import { envelope, releaseDetails } from '@kestrel/contract';
import { asc, desc, inArray, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../platform/auth/access';
import { releaseNotes, releases } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';

/**
 * `GET /api/releasenotedetails`: the provider's published release notes. Public, because the
 * release-notes page lives in the public area (product §2) and notes hold no customer data;
 * only releases whose date has come are shown.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/releasenotedetails',
    {
      config: { access: publicAccess },
      schema: { tags: ['portal'], response: { 200: envelope(z.array(releaseDetails)) } },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(releases)
        .where(lte(releases.releasedAt, app.now()))
        .orderBy(desc(releases.releasedAt), desc(releases.id));
      const notes = rows.length
        ? await app.db
            .select()
            .from(releaseNotes)
            .where(
              inArray(
                releaseNotes.releaseId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(releaseNotes.sort), asc(releaseNotes.id))
        : [];
      return ok(
        rows.map((r) => ({
          id: r.id,
          version: r.version,
          title: r.title,
          releasedAt: r.releasedAt.toISOString(),
          deviceTypes: r.deviceTypes,
          notes: notes.filter((n) => n.releaseId === r.id).map((n) => ({ kind: n.kind, text: n.text })),
        })),
      );
    },
  );
};
