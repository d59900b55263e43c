import {
  deployPreview,
  deployRequest,
  envelope,
  type RolloutState,
  rolloutIdParams,
  rolloutProgress as rolloutProgressSchema,
  rolloutSummary,
} from '@kestrel/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../platform/admin/audit';
import type { Tx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { deployments, rolloutApprovals, rollouts } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { conflict, forbidden, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { messageDeps } from '../messages/monitor';
import { requestApprovals } from './approval-requests';
import { advance } from './engine';
import { DEPLOYERS } from './policy';
import { refuse } from './refusals';
import { releaseById } from './release-rows';
import { rollbackCandidates } from './rollback';
import { listRollouts, rolloutProgress } from './rollout-view';
import { type Candidate, previewOf, selectTargets } from './targets';

const busyConflict = (text: string) =>
  new HttpError(409, 'conflict', `Invalid request: body.targets: ${text}`, [
    { path: 'body.targets', message: text },
  ]);

/** Insert a rollout with its devices and approvals; a device already in an unfinished rollout is a 409. */
export async function insertRollout(
  tx: Tx,
  p: {
    releaseId: number;
    kind: 'update' | 'rollback';
    previousRolloutId?: number;
    thresholdPercent: number;
    targets: Record<string, unknown>;
    userId: number;
    devices: Candidate[];
    now: Date;
  },
): Promise<number> {
  const [rollout] = await tx
    .insert(rollouts)
    .values({
      releaseId: p.releaseId,
      kind: p.kind,
      previousRolloutId: p.previousRolloutId ?? null,
      failureThresholdPercent: p.thresholdPercent,
      targets: p.targets,
      createdByUserId: p.userId,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: rollouts.id });
  const approvalSites = [
    ...new Map(p.devices.filter((d) => d.needsApproval).map((d) => [d.siteId, d])).values(),
  ];
  if (approvalSites.length) {
    await tx.insert(rolloutApprovals).values(
      approvalSites.map((d) => ({
        rolloutId: rollout!.id,
        siteId: d.siteId,
        customerId: d.customerId,
        createdAt: p.now,
      })),
    );
  }
  try {
    // A savepoint, so a clash with another rollout can be told apart and answered as 409.
    await tx.transaction(async (inner) => {
      await inner.insert(deployments).values(
        p.devices.map((d) => ({
          rolloutId: rollout!.id,
          releaseId: d.releaseId,
          deviceId: d.deviceId,
          siteId: d.siteId,
          customerId: d.customerId,
          wave: d.wave,
          approval: d.needsApproval ? ('pending' as const) : ('not_required' as const),
          fromVersion: d.currentVersion,
          createdAt: p.now,
          updatedAt: p.now,
        })),
      );
    });
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
    if (
      (error as { code?: string }).code === '23505' ||
      /deployments_one_unfinished_per_device|duplicate key/.test(text)
    ) {
      throw busyConflict('a device was put into another rollout at the same moment; preview again');
    }
    throw error;
  }
  return rollout!.id;
}

/** The caller may act on the rollout only when every one of its devices is within their scope. */
async function assertActsOnWhole(tx: Tx, scope: Scope, rolloutId: number) {
  if (scope.all) return;
  const rows = rowsOf<{ site_id: number }>(
    await tx.execute(sql`select distinct site_id from deployments where rollout_id = ${rolloutId}`),
  );
  if (rows.some((r) => !scope.siteIds.includes(Number(r.site_id)))) {
    throw forbidden('This rollout reaches sites outside your accounts; ask a provider administrator.');
  }
}

/**
 * Rollouts (docs/releases.md §3): preview and deploy, list, progress, pause / resume / cancel and
 * offering the previous version back. Scoped: sales representatives see and act within their accounts.
 */
export const rolloutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ha/deployPackage/preview',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], body: deployRequest, response: { 200: envelope(deployPreview) } },
    },
    async (request) => {
      const release = await deployableRelease(request.body.releaseId);
      const selection = await selectTargets(
        app.db,
        await request.scope(),
        release,
        request.body.targets,
        request.body.waves,
      );
      return ok(previewOf(release, selection));
    },
  );

  app.post(
    '/ha/deployPackage',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], body: deployRequest, response: { 200: envelope(rolloutProgressSchema) } },
    },
    async (request) => {
      const b = request.body;
      const scope = await request.scope();
      const now = app.now();
      const release = await deployableRelease(b.releaseId);
      const id = await app.db.transaction(async (tx) => {
        const s = await selectTargets(tx, scope, release, b.targets, b.waves);
        if (s.busy.length) {
          const names = s.busy.slice(0, 5).map((x) => `${x.serial} (rollout ${x.rolloutId})`);
          throw busyConflict(
            `${s.busy.length} device(s) are already in an unfinished rollout: ${names.join(', ')}${s.busy.length > 5 ? ', …' : ''}. Narrow the targets or finish that rollout first.`,
          );
        }
        if (!s.devices.length) {
          throw refuse(
            'targets',
            s.excluded.length
              ? `none of the ${s.excluded.length} matching devices can take ${release.version} (see the preview for why)`
              : 'no device matches these targets',
          );
        }
        const id = await insertRollout(tx, {
          releaseId: release.id,
          kind: 'update',
          thresholdPercent: b.failureThresholdPercent,
          targets: { targets: b.targets, waves: b.waves },
          userId: request.user.id,
          devices: s.devices,
          now,
        });
        await requestApprovals(tx, { ...messageDeps(app), now }, { id, version: release.version });
        await recordAudit(
          tx,
          { id: request.user.id, email: request.user.email, ip: request.ip },
          {
            customerId: null,
            action: 'deploy',
            entity: 'rollout',
            entityId: id,
            after: { version: release.version, devices: s.devices.length },
          },
          now,
        );
        return id;
      });
      await advance(app.db, id, now);
      return ok(await rolloutProgress(app.db, scope, id, now));
    },
  );

  app.get(
    '/ha/rollouts',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], response: { 200: envelope(z.array(rolloutSummary)) } },
    },
    async (request) => ok(await listRollouts(app.db, await request.scope())),
  );

  app.get(
    '/ha/rollouts/:rolloutId',
    {
      // Polled by the progress page: not the user's activity, so it does not extend the session.
      config: { access: DEPLOYERS, touch: false },
      schema: {
        tags: ['releases'],
        params: rolloutIdParams,
        response: { 200: envelope(rolloutProgressSchema) },
      },
    },
    async (request) => {
      const scope = await request.scope();
      const now = app.now();
      // Visible first (404 otherwise), then brought up to date: windows open and close with time.
      await rolloutProgress(app.db, scope, request.params.rolloutId, now);
      await advance(app.db, request.params.rolloutId, now);
      return ok(await rolloutProgress(app.db, scope, request.params.rolloutId, now));
    },
  );

  /** pause / resume / cancel: from which states, to which. */
  const actions: Record<'pause' | 'resume' | 'cancel', { from: RolloutState[]; to: RolloutState }> = {
    pause: { from: ['active'], to: 'paused' },
    resume: { from: ['paused', 'halted'], to: 'active' },
    cancel: { from: ['active', 'paused', 'halted'], to: 'cancelled' },
  };
  for (const [action, rule] of Object.entries(actions)) {
    app.post(
      `/ha/rollouts/:rolloutId/${action}`,
      {
        config: { access: DEPLOYERS },
        schema: {
          tags: ['releases'],
          params: rolloutIdParams,
          response: { 200: envelope(rolloutProgressSchema) },
        },
      },
      async (request) => {
        const scope = await request.scope();
        const now = app.now();
        const id = request.params.rolloutId;
        await rolloutProgress(app.db, scope, id, now);
        await app.db.transaction(async (tx) => {
          await assertActsOnWhole(tx, scope, id);
          const [r] = await tx.select().from(rollouts).where(eq(rollouts.id, id));
          if (!rule.from.includes(r!.state)) {
            throw conflict(
              `The rollout is ${r!.state}; it can be ${rule.to} only when ${rule.from.join(' or ')}.`,
            );
          }
          await tx
            .update(rollouts)
            .set({
              state: rule.to,
              updatedAt: now,
              haltReason: rule.to === 'active' ? null : r!.haltReason,
              // Resuming after a halt accepts the failures of the wave that halted it.
              ...(r!.state === 'halted' && rule.to === 'active'
                ? { failuresAcceptedThroughWave: r!.currentWave }
                : {}),
              finishedAt: rule.to === 'cancelled' ? now : null,
            })
            .where(and(eq(rollouts.id, id), eq(rollouts.state, r!.state)));
          if (rule.to === 'cancelled') {
            // Installing devices finish; everything not yet installing stops (docs/releases.md §3).
            await tx
              .update(deployments)
              .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
              .where(
                and(
                  eq(deployments.rolloutId, id),
                  inArray(deployments.state, ['queued', 'offered', 'downloading']),
                ),
              );
          }
          await recordAudit(
            tx,
            { id: request.user.id, email: request.user.email, ip: request.ip },
            {
              customerId: null,
              action,
              entity: 'rollout',
              entityId: id,
              before: { state: r!.state },
              after: { state: rule.to },
            },
            now,
          );
        });
        await advance(app.db, id, now);
        return ok(await rolloutProgress(app.db, scope, id, now));
      },
    );
  }

  app.post(
    '/ha/rollouts/:rolloutId/offerPrevious',
    {
      config: { access: DEPLOYERS },
      schema: {
        tags: ['releases'],
        params: rolloutIdParams,
        response: { 200: envelope(rolloutProgressSchema) },
      },
    },
    async (request) => {
      const scope = await request.scope();
      const now = app.now();
      const previousId = request.params.rolloutId;
      await rolloutProgress(app.db, scope, previousId, now);
      const id = await app.db.transaction(async (tx) => {
        await assertActsOnWhole(tx, scope, previousId);
        const { devices: back, releaseId } = await rollbackCandidates(tx, previousId);
        if (!back.length) {
          throw conflict(
            'No device of this rollout can be offered its previous version: none is updated, or the versions they came from are not released packages.',
          );
        }
        const id = await insertRollout(tx, {
          releaseId,
          kind: 'rollback',
          previousRolloutId: previousId,
          thresholdPercent: 100,
          targets: { rollbackOf: previousId },
          userId: request.user.id,
          devices: back,
          now,
        });
        await recordAudit(
          tx,
          { id: request.user.id, email: request.user.email, ip: request.ip },
          {
            customerId: null,
            action: 'rollback',
            entity: 'rollout',
            entityId: id,
            after: { of: previousId, devices: back.length },
          },
          now,
        );
        return id;
      });
      await advance(app.db, id, now);
      return ok(await rolloutProgress(app.db, scope, id, now));
    },
  );

  async function deployableRelease(releaseId: number) {
    const release = await releaseById(app.db, releaseId).catch(() => {
      throw new HttpError(404, 'not_found', `There is no release ${releaseId}.`, [
        { path: 'body.releaseId', message: `there is no release ${releaseId}` },
      ]);
    });
    if (release.state !== 'released') {
      throw refuse(
        'releaseId',
        `release ${release.version} is ${release.state}; only released versions can be deployed`,
      );
    }
    return release;
  }
};
