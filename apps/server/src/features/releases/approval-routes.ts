import {
  type ApprovalItem,
  approvalDecision,
  approvalIdParams,
  approvalItem,
  approvalListQuery,
  envelope,
} from '@kestrel/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../platform/admin/audit';
import type { DbOrTx } from '../../platform/db';
import {
  deployments,
  devices,
  releases,
  rolloutApprovals,
  rollouts,
  sites,
  users,
} from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { conflict, notFound } from '../../platform/errors';
import { type Scope, siteVisible } from '../../platform/scope';
import { advance, moveDeployment } from './engine';
import { APPROVERS } from './policy';

/**
 * Customer approval of updates (docs/releases.md §5): a customer admin lists and decides the
 * approvals of their own customer's sites; provider admins see all. The web shows the pending
 * ones as a task on the customer admin's home page.
 */
async function approvalItems(db: DbOrTx, scope: Scope, where: SQL[]): Promise<ApprovalItem[]> {
  const rows = await db
    .select({
      a: rolloutApprovals,
      version: releases.version,
      title: releases.title,
      notes: releases.notesMarkdown,
      releaseId: releases.id,
      siteName: sites.name,
      siteAlias: sites.alias,
      decidedBy: users.email,
      devices: sql<number>`(select count(*)::int from ${deployments} d
        where d.rollout_id = ${rolloutApprovals.rolloutId} and d.site_id = ${rolloutApprovals.siteId})`,
    })
    .from(rolloutApprovals)
    .innerJoin(rollouts, eq(rollouts.id, rolloutApprovals.rolloutId))
    .innerJoin(releases, eq(releases.id, rollouts.releaseId))
    .innerJoin(sites, eq(sites.id, rolloutApprovals.siteId))
    .leftJoin(users, eq(users.id, rolloutApprovals.decidedByUserId))
    .where(and(siteVisible(scope, rolloutApprovals.siteId), ...where))
    .orderBy(desc(rolloutApprovals.createdAt), desc(rolloutApprovals.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.a.id,
    rolloutId: r.a.rolloutId,
    releaseId: r.releaseId,
    version: r.version,
    title: r.title,
    notesMarkdown: r.notes,
    siteId: r.a.siteId,
    siteName: r.siteAlias ?? r.siteName,
    customerId: r.a.customerId,
    devices: Number(r.devices),
    state: r.a.state,
    requestedAt: r.a.createdAt.toISOString(),
    decidedAt: r.a.decidedAt ? r.a.decidedAt.toISOString() : null,
    decidedBy: r.decidedBy ?? null,
    comment: r.a.comment,
  }));
}

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/releaseApprovals',
    {
      config: { access: APPROVERS },
      schema: {
        tags: ['releases'],
        querystring: approvalListQuery,
        response: { 200: envelope(z.array(approvalItem)) },
      },
    },
    async (request) => {
      const state = request.query.state;
      return ok(
        await approvalItems(app.db, await request.scope(), state ? [eq(rolloutApprovals.state, state)] : []),
      );
    },
  );

  app.post(
    '/ha/releaseApprovals/:approvalId',
    {
      config: { access: APPROVERS },
      schema: {
        tags: ['releases'],
        params: approvalIdParams,
        body: approvalDecision,
        response: { 200: envelope(approvalItem) },
      },
    },
    async (request) => {
      const scope = await request.scope();
      const id = request.params.approvalId;
      const now = app.now();
      const [found] = await approvalItems(app.db, scope, [eq(rolloutApprovals.id, id)]);
      if (!found) throw notFound(`There is no approval ${id}.`);
      if (found.state !== 'pending') throw conflict(`This update was already ${found.state}.`);
      const approve = request.body.decision === 'approve';
      await app.db.transaction(async (tx) => {
        const [changed] = await tx
          .update(rolloutApprovals)
          .set({
            state: approve ? 'approved' : 'declined',
            decidedByUserId: request.user.id,
            decidedAt: now,
            comment: request.body.comment ?? null,
          })
          .where(and(eq(rolloutApprovals.id, id), eq(rolloutApprovals.state, 'pending')))
          .returning();
        if (!changed) throw conflict('This update was decided meanwhile.');
        const waiting = await tx
          .select({ d: deployments, deviceType: devices.deviceType, types: releases.deviceTypes })
          .from(deployments)
          .innerJoin(devices, eq(devices.id, deployments.deviceId))
          .innerJoin(releases, eq(releases.id, deployments.releaseId))
          .where(
            and(
              eq(deployments.rolloutId, changed.rolloutId),
              eq(deployments.siteId, changed.siteId),
              inArray(deployments.approval, ['pending']),
            ),
          );
        for (const w of waiting) {
          await moveDeployment(
            tx,
            w.d,
            w.deviceType,
            w.types,
            { type: approve ? 'approve' : 'customerDecline' },
            now,
          );
        }
        await recordAudit(
          tx,
          { id: request.user.id, email: request.user.email, ip: request.ip },
          {
            customerId: changed.customerId,
            action: approve ? 'approve' : 'decline',
            entity: 'rollout_approval',
            entityId: id,
            after: { rolloutId: changed.rolloutId, siteId: changed.siteId, devices: waiting.length },
          },
          now,
        );
      });
      await advance(app.db, found.rolloutId, now);
      const [item] = await approvalItems(app.db, scope, [eq(rolloutApprovals.id, id)]);
      return ok(item!);
    },
  );
};
