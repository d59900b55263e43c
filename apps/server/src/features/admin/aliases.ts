import {
  type AccessInput,
  type ApplicationId,
  activateDeactivateRequest,
  adminEnvelope,
  adminSitePage,
  adminUserDetail,
  adminUserPage,
  applicationSchema,
  assignment,
  cloneResult,
  cloneSitesAliasRequest,
  createCustomerRequest,
  customerDetail,
  customerListQuery,
  customerPage,
  idText,
  onboardedCustomersQuery,
  onboardedCustomersRequest,
  onboardedCustomers as onboardedResult,
  passwordMailResult,
  salesRepresentative,
  searchByEmailQuery,
  searchUsersRequest,
  siteListQuery,
  userAccess,
  userApplicationsRequest,
  userCustomersRequest,
  userIdQuery,
  userIdRequest,
  userListQuery,
  userSitesRequest,
} from '@kestrel/contract';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { widgetDataChanged } from '../../analytics/data-version';
import { signedIn } from '../../platform/auth/access';
import { applications } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { applicationsOf } from '../auth/applications';
import { type AdminContext, adminContext } from './context';
import { createCustomer, getCustomer, listCustomers, onboardedCustomers } from './customers';
import { CUSTOMER_EDITORS, CUSTOMER_READERS, PROVIDER_ADMIN, SALES, USER_ADMINS } from './policy';
import { createAssignment, listAssignments, salesRepresentatives } from './sales';
import { cloneSite, listSites } from './sites';
import { getUser, listUsers, sendPasswordLink, setUserAccess, setUserActive } from './users';

const tags = ['administration (product §7 paths)'];
const defaults = { limit: 500, offset: 0 } as const;

/**
 * The paths of product §7 for administration, as thin aliases onto the handlers of routes.ts
 * (docs/api.md "Administration", the table of product paths). Each does what its name says;
 * where the product names no payload, the one here is documented there.
 */
export const adminAliasRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctxOf = (request: Parameters<typeof adminContext>[1]) => adminContext(app, request);

  /** Change one part of a user's access, keeping the rest. */
  async function patchAccess(ctx: AdminContext, userId: number, patch: Partial<AccessInput>) {
    const current = await getUser(ctx, userId);
    const a = current.access;
    return setUserAccess(ctx, userId, {
      role: a.role,
      customerId: a.customerId,
      applicationIds: a.applicationIds as ApplicationId[],
      customerIds: a.customers.map((c) => c.id),
      siteIds: a.sites.map((s) => s.id),
      ...patch,
    });
  }
  const accessOf = async (ctx: AdminContext, userId: number) => (await getUser(ctx, userId)).access;

  // Parties (customers) and instances (sites)
  app.get(
    '/partyinfo',
    {
      config: { access: signedIn },
      schema: { tags, querystring: customerListQuery, response: { 200: adminEnvelope(customerPage) } },
    },
    async (request) => ok(await listCustomers(await ctxOf(request), request.query)),
  );
  app.get(
    '/adminParty',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, querystring: customerListQuery, response: { 200: adminEnvelope(customerPage) } },
    },
    async (request) => ok(await listCustomers(await ctxOf(request), request.query)),
  );
  app.get(
    '/partydetailinfo',
    {
      config: { access: CUSTOMER_READERS },
      schema: {
        tags,
        querystring: z.object({ partyId: idText }),
        response: { 200: adminEnvelope(customerDetail) },
      },
    },
    async (request) => ok(await getCustomer(await ctxOf(request), request.query.partyId)),
  );
  app.get(
    '/instanceinfo',
    {
      config: { access: signedIn },
      schema: { tags, querystring: siteListQuery, response: { 200: adminEnvelope(adminSitePage) } },
    },
    async (request) => ok(await listSites(await ctxOf(request), request.query)),
  );
  app.get(
    '/accessiblesites',
    { config: { access: signedIn }, schema: { tags, response: { 200: adminEnvelope(adminSitePage) } } },
    async (request) => ok(await listSites(await ctxOf(request), { ...defaults, active: true })),
  );
  app.get(
    '/applicationinfo',
    {
      config: { access: signedIn },
      schema: { tags, response: { 200: adminEnvelope(z.array(applicationSchema)) } },
    },
    async (request) => ok(await applicationsOf(app.db, request.user.id, app.config.PROVIDER_SLUG)),
  );
  app.get(
    '/ha/sr/parentpartyinfo',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, response: { 200: adminEnvelope(customerPage) } },
    },
    async (request) => ok(await listCustomers(await ctxOf(request), { ...defaults, active: true })),
  );
  app.get(
    '/ha/parentinstanceinfo',
    {
      config: { access: CUSTOMER_READERS },
      schema: {
        tags,
        querystring: z.object({ partyId: idText }),
        response: { 200: adminEnvelope(adminSitePage) },
      },
    },
    async (request) =>
      ok(
        await listSites(await ctxOf(request), {
          ...defaults,
          customerId: request.query.partyId,
          network: 'true',
        }),
      ),
  );
  app.get(
    '/ha/sr/sitesInfo',
    { config: { access: SALES }, schema: { tags, response: { 200: adminEnvelope(adminSitePage) } } },
    async (request) => ok(await listSites(await ctxOf(request), { ...defaults })),
  );
  app.get(
    '/ha/searchinfo',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, querystring: customerListQuery, response: { 200: adminEnvelope(customerPage) } },
    },
    async (request) => ok(await listCustomers(await ctxOf(request), request.query)),
  );
  app.post(
    '/ha/addCustomerDetails',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, body: createCustomerRequest, response: { 200: adminEnvelope(customerDetail) } },
    },
    async (request) => {
      const c = await createCustomer(await ctxOf(request), request.body);
      return ok(c, `Customer ${c.name} was added.`);
    },
  );
  app.get(
    '/ha/onboardedCustomers/filterByDays',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: {
        tags,
        querystring: onboardedCustomersQuery,
        response: { 200: adminEnvelope(onboardedResult) },
      },
    },
    async (request) => ok(await onboardedCustomers(await ctxOf(request), request.query.days)),
  );
  app.post(
    '/ha/onboardedCustomers/filterByDays',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, body: onboardedCustomersRequest, response: { 200: adminEnvelope(onboardedResult) } },
    },
    async (request) => ok(await onboardedCustomers(await ctxOf(request), request.body.days)),
  );
  app.post(
    '/ha/clonesites',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, body: cloneSitesAliasRequest, response: { 200: adminEnvelope(cloneResult) } },
    },
    async (request) => {
      const { siteId, ...body } = request.body;
      const r = await cloneSite(await ctxOf(request), siteId, body);
      await widgetDataChanged(app.db);
      return ok(r, `Site ${r.site.name} was created as a copy.`);
    },
  );

  // Users
  app.get(
    '/ha/searchuserslist',
    {
      config: { access: USER_ADMINS },
      schema: { tags, querystring: userListQuery, response: { 200: adminEnvelope(adminUserPage) } },
    },
    async (request) => ok(await listUsers(await ctxOf(request), request.query)),
  );
  app.post(
    '/ha/searchuserslist',
    {
      config: { access: USER_ADMINS },
      schema: { tags, body: searchUsersRequest, response: { 200: adminEnvelope(adminUserPage) } },
    },
    async (request) => ok(await listUsers(await ctxOf(request), request.body)),
  );
  app.get(
    '/ha/searchByEmail',
    {
      config: { access: USER_ADMINS },
      schema: { tags, querystring: searchByEmailQuery, response: { 200: adminEnvelope(adminUserPage) } },
    },
    async (request) =>
      ok(await listUsers(await ctxOf(request), { search: request.query.email, ...defaults })),
  );
  app.post(
    '/ha/resetPassword',
    {
      config: { access: USER_ADMINS },
      schema: { tags, body: userIdRequest, response: { 200: adminEnvelope(passwordMailResult) } },
    },
    async (request) => {
      const r = await sendPasswordLink(await ctxOf(request), request.body.userId, 'reset');
      return ok(
        r,
        r.delivered
          ? `A password reset link was sent to ${r.sentTo}.`
          : `The password reset mail to ${r.sentTo} is in the outbox.`,
      );
    },
  );
  app.post(
    '/ha/activateDeactivateUser',
    {
      config: { access: USER_ADMINS },
      schema: { tags, body: activateDeactivateRequest, response: { 200: adminEnvelope(adminUserDetail) } },
    },
    async (request) => {
      const u = await setUserActive(await ctxOf(request), request.body.userId, request.body.active);
      return ok(u, `${u.email} is ${u.active ? 'active' : 'deactivated; their sessions have ended'}.`);
    },
  );

  // Access: applications, customers (parties), sites
  app.get(
    '/ha/listapplications',
    {
      config: { access: USER_ADMINS },
      schema: { tags, response: { 200: adminEnvelope(z.array(applicationSchema)) } },
    },
    async (request) => {
      const all = await app.db.select().from(applications).orderBy(asc(applications.id));
      const held = request.auth?.applications ?? [];
      // What the caller may grant: everything for a provider admin, what they hold for a customer admin.
      const grantable = request.user.role === 'provider_admin' ? all : all.filter((a) => held.includes(a.id));
      return ok(
        grantable.map((a) => ({
          id: a.id as ApplicationId,
          name: a.name,
          home: a.home.replace('{provider}', app.config.PROVIDER_SLUG),
        })),
      );
    },
  );
  for (const path of [
    '/ha/userapplicationaccess',
    '/ha/selectedapplications',
    '/ha/userpartyaccess',
    '/ha/selectedsites',
    '/useradminpartyaccess',
    '/admin/selectedsitesadmin',
    '/admin/userpartyaccessadmin',
  ]) {
    app.get(
      path,
      {
        config: { access: USER_ADMINS },
        schema: { tags, querystring: userIdQuery, response: { 200: adminEnvelope(userAccess) } },
      },
      async (request) => ok(await accessOf(await ctxOf(request), request.query.userId)),
    );
  }
  const saved = (u: { email: string; access: { effect: { summary: string } } }) =>
    `Access of ${u.email} was saved. ${u.access.effect.summary}`;
  app.post(
    '/ha/userapplicationaccess',
    {
      config: { access: USER_ADMINS },
      schema: { tags, body: userApplicationsRequest, response: { 200: adminEnvelope(adminUserDetail) } },
    },
    async (request) => {
      const u = await patchAccess(await ctxOf(request), request.body.userId, {
        applicationIds: request.body.applicationIds,
      });
      return ok(u, saved(u));
    },
  );
  for (const path of ['/ha/userpartyaccess', '/admin/userpartyaccessadmin']) {
    app.post(
      path,
      {
        config: { access: USER_ADMINS },
        schema: { tags, body: userCustomersRequest, response: { 200: adminEnvelope(adminUserDetail) } },
      },
      async (request) => {
        const u = await patchAccess(await ctxOf(request), request.body.userId, {
          customerIds: request.body.customerIds,
        });
        await widgetDataChanged(app.db);
        return ok(u, saved(u));
      },
    );
  }
  for (const path of ['/ha/selectedsites', '/admin/selectedsitesadmin']) {
    app.post(
      path,
      {
        config: { access: USER_ADMINS },
        schema: { tags, body: userSitesRequest, response: { 200: adminEnvelope(adminUserDetail) } },
      },
      async (request) => {
        const u = await patchAccess(await ctxOf(request), request.body.userId, {
          siteIds: request.body.siteIds,
        });
        await widgetDataChanged(app.db);
        return ok(u, saved(u));
      },
    );
  }

  // Sales representatives
  app.get(
    '/ha/salesRepresentatives',
    {
      config: { access: SALES },
      schema: { tags, response: { 200: adminEnvelope(z.array(salesRepresentative)) } },
    },
    async (request) => ok(await salesRepresentatives(await ctxOf(request))),
  );
  app.post(
    '/ha/salesRepresentatives',
    {
      config: { access: PROVIDER_ADMIN },
      schema: {
        tags,
        body: z.strictObject({ userId: userIdRequest.shape.userId, customerId: userIdRequest.shape.userId }),
        response: { 200: adminEnvelope(assignment) },
      },
    },
    async (request) => {
      const a = await createAssignment(await ctxOf(request), { ...request.body, kind: 'sales' });
      await widgetDataChanged(app.db);
      return ok(a, `${a.displayName} is assigned to ${a.customerName}.`);
    },
  );
  app.get(
    '/ha/salesRepresentativeSites',
    {
      config: { access: SALES },
      schema: {
        tags,
        querystring: z.object({ userId: idText.optional() }),
        response: { 200: adminEnvelope(z.array(assignment)) },
      },
    },
    async (request) => {
      const all = await listAssignments(await ctxOf(request), {
        userId: request.query.userId,
        kind: 'sales',
      });
      return ok(all.filter((a) => a.siteId !== null));
    },
  );
  app.post(
    '/ha/salesRepresentativeSites',
    {
      config: { access: PROVIDER_ADMIN },
      schema: {
        tags,
        body: z.strictObject({
          userId: userIdRequest.shape.userId,
          customerId: userIdRequest.shape.userId,
          siteId: userIdRequest.shape.userId,
        }),
        response: { 200: adminEnvelope(assignment) },
      },
    },
    async (request) => {
      const a = await createAssignment(await ctxOf(request), { ...request.body, kind: 'sales' });
      await widgetDataChanged(app.db);
      return ok(a, `${a.displayName} is assigned to ${a.siteName}.`);
    },
  );
  app.get(
    '/sr/selectedSite',
    { config: { access: SALES }, schema: { tags, response: { 200: adminEnvelope(z.array(assignment)) } } },
    async (request) =>
      ok(
        (await listAssignments(await ctxOf(request), { kind: 'sales' })).filter(
          (a) => a.siteId !== null && a.userId === request.user.id,
        ),
      ),
  );
  app.get(
    '/sr/userPartyAccessSales',
    { config: { access: SALES }, schema: { tags, response: { 200: adminEnvelope(z.array(assignment)) } } },
    async (request) =>
      ok(
        (await listAssignments(await ctxOf(request), { kind: 'sales' })).filter(
          (a) => a.siteId === null && a.userId === request.user.id,
        ),
      ),
  );
};
