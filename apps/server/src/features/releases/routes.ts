import { envelope, releaseDetails } from '@kestrel/contract';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../platform/auth/access';
import { releaseNotes, releases } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { packageStoreFrom } from '../../platform/package-store';
import { approvalRoutes } from './approval-routes';
import { deviceUpdateRoutes } from './device-routes';
import { releaseAdminRoutes } from './release-routes';
import { rolloutRoutes } from './rollout-routes';
import { releaseSettingsRoutes } from './settings-routes';
import { deviceSoftwareRoutes } from './software-route';

/**
 * `GET /api/releasenotedetails`: the provider's published release notes. Public, because the
 * release-notes page lives in the public area (product §2) and notes hold no customer data;
 * only released versions (docs/releases.md §1) whose date has come are shown — never drafts or
 * withdrawn ones.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  // One store for uploads and device downloads: a local directory or an S3 bucket (config).
  const packages = packageStoreFrom(app.config);
  await app.register(releaseAdminRoutes, { packages });
  await app.register(releaseSettingsRoutes);
  await app.register(rolloutRoutes);
  await app.register(approvalRoutes);
  await app.register(deviceUpdateRoutes, { packages });
  await app.register(deviceSoftwareRoutes);

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
        .where(and(eq(releases.state, 'released'), lte(releases.releasedAt, app.now())))
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
          releasedAt: r.releasedAt!.toISOString(),
          deviceTypes: r.deviceTypes,
          notes: notes.filter((n) => n.releaseId === r.id).map((n) => ({ kind: n.kind, text: n.text })),
          notesMarkdown: r.notesMarkdown,
        })),
      );
    },
  );
};
