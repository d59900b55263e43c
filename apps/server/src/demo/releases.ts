import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import { releaseNotes, releases } from '../platform/db/schema';
import type { PackageStore } from '../platform/package-store';

const DAY = 86_400_000;

type Note = [kind: 'feature' | 'fix' | 'known_issue', text: string];
const HEADINGS = { feature: 'New', fix: 'Fixed', known_issue: 'Known issues' } as const;

/** Itemised notes as the Markdown release notes are written (docs/releases.md §1). */
export function notesMarkdown(notes: Note[]): string {
  return (['feature', 'fix', 'known_issue'] as const)
    .map((kind) => {
      const items = notes.filter(([k]) => k === kind).map(([, text]) => `- ${text}`);
      return items.length ? `### ${HEADINGS[kind]}\n\n${items.join('\n')}` : '';
    })
    .filter(Boolean)
    .join('\n\n');
}

/** A package of `bytes` deterministic bytes (the same demo gives the same checksum). */
function demoPackage(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let block = createHash('sha256').update('kestrel-demo-package').digest();
  for (let i = 0; i < bytes; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

/**
 * The demo's release to roll out and its next draft (docs/releases.md §7): 6.3.0 is released with
 * a 2 MiB package written to the package directory (when the demo knows it), so `npm run sim`
 * can play a rollout of it; 6.4.0 is a draft without a package.
 */
export async function createDemoReleases(tx: DbOrTx, now: Date, packages?: PackageStore): Promise<void> {
  const [deployable] = await tx
    .insert(releases)
    .values({
      version: '6.3.0',
      title: 'Aurora 6.3',
      state: 'released',
      releasedAt: new Date(now.getTime() - 2 * DAY),
      deviceTypes: ['3D', 'COMBO'],
      minFromVersion: '6.0.0',
      notesMarkdown: [
        '### New',
        '',
        '- Tomosynthesis reconstruction is **30 % faster** on Aurora 3D and Duo.',
        '- The console shows the remaining tube life as reported to the portal.',
        '',
        '### Fixed',
        '',
        '- Compression force is no longer rounded down to whole newtons.',
      ].join('\n'),
    })
    .returning({ id: releases.id });
  // The itemised notes too, for pages that list notes by kind.
  await tx.insert(releaseNotes).values([
    {
      releaseId: deployable!.id,
      kind: 'feature',
      text: 'Tomosynthesis reconstruction is 30 % faster on Aurora 3D and Duo.',
      sort: 0,
    },
    {
      releaseId: deployable!.id,
      kind: 'feature',
      text: 'The console shows the remaining tube life as reported to the portal.',
      sort: 1,
    },
    {
      releaseId: deployable!.id,
      kind: 'fix',
      text: 'Compression force is no longer rounded down to whole newtons.',
      sort: 2,
    },
  ]);
  if (packages) {
    const bytes = demoPackage(2 * 1024 * 1024);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const { key } = await packages.put(
      Readable.from([bytes]),
      bytes.length,
      sha256,
      `release-${deployable!.id}`,
    );
    await tx
      .update(releases)
      .set({
        packageKey: key,
        packageFileName: 'aurora-6.3.0.pkg',
        packageSizeBytes: bytes.length,
        packageSha256: sha256,
        packageUploadedAt: new Date(now.getTime() - 3 * DAY),
      })
      .where(eq(releases.id, deployable!.id));
  }
  await tx.insert(releases).values({
    version: '6.4.0',
    title: 'Aurora 6.4 (draft)',
    state: 'draft',
    deviceTypes: ['3D', 'COMBO', 'CEDM'],
    minFromVersion: '6.1.0',
    notesMarkdown: '### New\n\n- Contrast-enhanced biopsy guidance.\n\n_Draft: not yet released._',
  });
}
