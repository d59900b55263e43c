import {
  assignDeviceRequest,
  assignDeviceResult,
  DEVICE_KEY_HEADER,
  deviceDetails,
  deviceIdQuery,
  deviceKeyRequest,
  deviceKeyResult,
  deviceListQuery,
  deviceRow,
  deviceStatusQuery,
  deviceStatusResult,
  deviceTypeEntry,
  deviceTypeLabels,
  deviceTypes,
  envelope,
  onboardStatusResult,
} from '@kestrel/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import { sessionAccess, signedIn } from '../../platform/auth/access';
import { issueDeviceKey } from '../../platform/auth/device-keys';
import { devices } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { assignDevice } from './assign';
import { deviceDetailsOf } from './details';
import { DEVICE_ADMINS, deviceVisible } from './policy';
import { listDevices, loadDevices, toDeviceRows, visibleDevice } from './queries';
import { deviceStatusFor } from './status-report';

const tags = ['devices'];

/** `/api/ha/…` device endpoints (docs/api.md "Devices, status and tubes"), scoped to the caller. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const th = () => connectionThresholds(app.config);

  app.get(
    '/ha/devices',
    {
      config: { access: signedIn },
      schema: { tags, querystring: deviceListQuery, response: { 200: envelope(z.array(deviceRow)) } },
    },
    async (request) => ok(await listDevices(app.db, await request.scope(), request.query, app.now(), th())),
  );

  app.get(
    '/ha/deviceData',
    {
      config: { access: signedIn },
      schema: { tags, querystring: deviceIdQuery, response: { 200: envelope(deviceDetails) } },
    },
    async (request) => {
      const scope = await request.scope();
      const row = await visibleDevice(app.db, scope, request.query.deviceId);
      if (!row) throw notFound(`No device ${request.query.deviceId}.`);
      return ok(await deviceDetailsOf(app.db, scope, row, app.now(), th()));
    },
  );

  app.get(
    '/ha/deviceOnboardStatus',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(onboardStatusResult) } } },
    async (request) => {
      const rows = await toDeviceRows(
        app.db,
        await loadDevices(app.db, await request.scope()),
        app.now(),
        th(),
      );
      const counts = { completed: 0, inprogress: 0, todo: 0, pending: 0 };
      for (const r of rows) counts[r.onboardingState]++;
      // Pending first (they need someone), then the onboarding still to do.
      const order = { pending: 0, todo: 1, inprogress: 2, completed: 3 } as const;
      rows.sort((a, b) => order[a.onboardingState] - order[b.onboardingState]);
      return ok({ counts, devices: rows });
    },
  );

  app.post(
    '/ha/deviceOnboardStatus',
    {
      config: { access: sessionAccess({ roles: DEVICE_ADMINS }) },
      schema: { tags, body: assignDeviceRequest, response: { 200: envelope(assignDeviceResult) } },
    },
    async (request) => {
      const { factsMoved } = await assignDevice(app.db, request.body, app.now(), th());
      const row = await visibleDevice(app.db, await request.scope(), request.body.deviceId);
      const [device] = await toDeviceRows(app.db, [row!], app.now(), th());
      return ok({ device: device!, factsMoved });
    },
  );

  app.get(
    '/ha/deviceStatus',
    {
      config: { access: signedIn },
      schema: { tags, querystring: deviceStatusQuery, response: { 200: envelope(deviceStatusResult) } },
    },
    async (request) =>
      ok(await deviceStatusFor(app.db, await request.scope(), request.query, app.now(), th())),
  );

  app.get(
    '/ha/DeviceTypeList',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(z.array(deviceTypeEntry)) } } },
    async (request) => {
      const counts = await app.db
        .select({ type: devices.deviceType, n: sql<number>`count(*)::int` })
        .from(devices)
        .where(deviceVisible(await request.scope()))
        .groupBy(devices.deviceType);
      const n = new Map(counts.map((c) => [c.type, Number(c.n)]));
      return ok(
        deviceTypes.map((t) => ({ deviceType: t, label: deviceTypeLabels[t], devices: n.get(t) ?? 0 })),
      );
    },
  );

  app.post(
    '/ha/deviceKey',
    {
      config: { access: sessionAccess({ roles: DEVICE_ADMINS }) },
      schema: { tags, body: deviceKeyRequest, response: { 200: envelope(deviceKeyResult) } },
    },
    async (request, reply) => {
      const now = app.now();
      const [d] = await app.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.id, request.body.deviceId));
      if (!d) throw notFound(`No device ${request.body.deviceId}.`);
      const key = await issueDeviceKey(app.db, d.id, now);
      request.log.info({ deviceId: d.id, by: request.user.id }, 'device key issued');
      reply.header('cache-control', 'no-store');
      return ok({ deviceId: d.id, key, keyIssuedAt: now.toISOString(), header: DEVICE_KEY_HEADER });
    },
  );
};
