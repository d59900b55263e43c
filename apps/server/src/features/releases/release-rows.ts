import type { ReleaseInfo, ReleaseSummary } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { releases } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';

export type ReleaseRow = typeof releases.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(r: ReleaseRow): ReleaseSummary {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    state: r.state,
    deviceTypes: r.deviceTypes,
    minFromVersion: r.minFromVersion,
    releasedAt: iso(r.releasedAt),
    hasPackage: r.packageKey !== null,
    package:
      r.packageKey && r.packageSha256 && r.packageSizeBytes !== null && r.packageUploadedAt
        ? {
            fileName: r.packageFileName ?? `${r.version}.pkg`,
            sizeBytes: r.packageSizeBytes,
            sha256: r.packageSha256,
            uploadedAt: r.packageUploadedAt.toISOString(),
          }
        : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toInfo(r: ReleaseRow): ReleaseInfo {
  return {
    ...toSummary(r),
    notesMarkdown: r.notesMarkdown,
    withdrawnAt: iso(r.withdrawnAt),
  };
}

export async function releaseById(db: DbOrTx, id: number): Promise<ReleaseRow> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  if (!row) throw notFound(`There is no release ${id}.`);
  return row;
}
