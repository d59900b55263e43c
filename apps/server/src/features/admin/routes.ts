import {
  accessEffect,
  accessInput,
  accessPreviewRequest,
  adminEnvelope,
  adminSite,
  adminSitePage,
  adminUserDetail,
  adminUserPage,
  assignment,
  assignmentQuery,
  auditPage,
  auditQuery,
  checkPasswordLinkRequest,
  cloneResult,
  cloneSiteRequest,
  contactCard,
  createAssignmentRequest,
  createCustomerRequest,
  createSiteRequest,
  createUserRequest,
  customerDetail,
  customerListQuery,
  customerPage,
  idText,
  moveSiteRequest,
  onboardedCustomers,
  onboardedCustomersQuery,
  outboxPage,
  outboxQuery,
  passwordLinkInfo,
  passwordMailResult,
  salesDashboard,
  salesDashboardQuery,
  salesRepresentative,
  setActiveRequest,
  setPasswordWithLinkRequest,
  siteListQuery,
  updateCustomerRequest,
  updateSiteRequest,
  updateUserRequest,
  userListQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { widgetDataChanged } from '../../analytics/data-version';
import { publicAccess, signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { forbidden, notFound } from '../../platform/errors';
import { previewAccess } from './access';
import { auditCsv, readAudit, readOutbox } from './audit-log';
import { adminContext, assertSiteVisible } from './context';
import {
  createCustomer,
  getCustomer,
  listCustomers,
  onboardedCustomers as onboarded,
  setCustomerActive,
  updateCustomer,
} from './customers';
import { checkLink, setPasswordWithLink } from './links';
import { CUSTOMER_EDITORS, CUSTOMER_READERS, PROVIDER_ADMIN, SALES, USER_ADMINS } from './policy';
import {
  contactCard as contacts,
  createAssignment,
  salesDashboard as dashboard,
  deleteAssignment,
  listAssignments,
  salesRepresentatives,
} from './sales';
import { cloneSite, createSite, listSites, moveSite, setSiteActive, siteRow, updateSite } from './sites';
import {
  createUser,
  getUser,
  listUsers,
  sendPasswordLink,
  setUserAccess,
  setUserActive,
  updateUser,
} from './users';

const byId = z.object({ id: idText });

/**
 * Administration under /api/admin/… (docs/api.md "Administration"): customers, sites, users and
 * their access, password links, sales assignments, the audit trail and the mail outbox. Every
 * change is one transaction with its audit record. The brief's paths (product §7) are aliases
 * onto the same handlers (aliases.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['administration'];

  // Customers
  app.get(
    '/admin/customers',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, querystring: customerListQuery, response: { 200: adminEnvelope(customerPage) } },
    },
    async (request) => ok(await listCustomers(await adminContext(app, request), request.query)),
  );
  app.get(
    '/admin/customers/:id',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, params: byId, response: { 200: adminEnvelope(customerDetail) } },
    },
    async (request) => ok(await getCustomer(await adminContext(app, request), request.params.id)),
  );
  app.post(
    '/admin/customers',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, body: createCustomerRequest, response: { 200: adminEnvelope(customerDetail) } },
    },
    async (request) => {
      const c = await createCustomer(await adminContext(app, request), request.body);
      return ok(c, `Customer ${c.name} was added.`);
    },
  );
  app.put(
    '/admin/customers/:id',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: {
        tags,
        params: byId,
        body: updateCustomerRequest,
        response: { 200: adminEnvelope(customerDetail) },
      },
    },
    async (request) => {
      const c = await updateCustomer(await adminContext(app, request), request.params.id, request.body);
      await widgetDataChanged(app.db);
      return ok(c, `Customer ${c.name} was saved.`);
    },
  );
  app.post(
    '/admin/customers/:id/active',
    {
      config: { access: PROVIDER_ADMIN },
      schema: {
        tags,
        params: byId,
        body: setActiveRequest,
        response: { 200: adminEnvelope(customerDetail) },
      },
    },
    async (request) => {
      const c = await setCustomerActive(
        await adminContext(app, request),
        request.params.id,
        request.body.active,
      );
      return ok(c, `Customer ${c.name} is ${c.active ? 'active' : 'deactivated'}.`);
    },
  );
  app.get(
    '/admin/reports/onboarded-customers',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: {
        tags,
        querystring: onboardedCustomersQuery,
        response: { 200: adminEnvelope(onboardedCustomers) },
      },
    },
    async (request) => ok(await onboarded(await adminContext(app, request), request.query.days)),
  );

  // Sites
  app.get(
    '/admin/sites',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, querystring: siteListQuery, response: { 200: adminEnvelope(adminSitePage) } },
    },
    async (request) => ok(await listSites(await adminContext(app, request), request.query)),
  );
  app.get(
    '/admin/sites/:id',
    {
      config: { access: CUSTOMER_READERS },
      schema: { tags, params: byId, response: { 200: adminEnvelope(adminSite) } },
    },
    async (request) => {
      assertSiteVisible(await adminContext(app, request), request.params.id);
      return ok(await siteRow(app.db, request.params.id));
    },
  );
  app.post(
    '/admin/sites',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, body: createSiteRequest, response: { 200: adminEnvelope(adminSite) } },
    },
    async (request) => {
      const s = await createSite(await adminContext(app, request), request.body);
      await widgetDataChanged(app.db);
      return ok(s, `Site ${s.name} was added to ${s.customerName}.`);
    },
  );
  app.put(
    '/admin/sites/:id',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, params: byId, body: updateSiteRequest, response: { 200: adminEnvelope(adminSite) } },
    },
    async (request) => {
      const s = await updateSite(await adminContext(app, request), request.params.id, request.body);
      await widgetDataChanged(app.db);
      return ok(s, `Site ${s.name} was saved.`);
    },
  );
  app.post(
    '/admin/sites/:id/active',
    {
      config: { access: PROVIDER_ADMIN },
      schema: { tags, params: byId, body: setActiveRequest, response: { 200: adminEnvelope(adminSite) } },
    },
    async (request) => {
      const s = await setSiteActive(await adminContext(app, request), request.params.id, request.body.active);
      return ok(s, `Site ${s.name} is ${s.active ? 'active' : 'deactivated'}.`);
    },
  );
  app.post(
    '/admin/sites/:id/move',
    {
      config: { access: PROVIDER_ADMIN },
      schema: { tags, params: byId, body: moveSiteRequest, response: { 200: adminEnvelope(adminSite) } },
    },
    async (request) => {
      const s = await moveSite(await adminContext(app, request), request.params.id, request.body.customerId);
      await widgetDataChanged(app.db);
      return ok(s, `Site ${s.name} now belongs to ${s.customerName}.`);
    },
  );
  app.post(
    '/admin/sites/:id/clone',
    {
      config: { access: CUSTOMER_EDITORS },
      schema: { tags, params: byId, body: cloneSiteRequest, response: { 200: adminEnvelope(cloneResult) } },
    },
    async (request) => {
      const r = await cloneSite(await adminContext(app, request), request.params.id, request.body);
      await widgetDataChanged(app.db);
      return ok(r, `Site ${r.site.name} was created as a copy.`);
    },
  );

  // Users and access
  app.get(
    '/admin/users',
    {
      config: { access: USER_ADMINS },
      schema: { tags, querystring: userListQuery, response: { 200: adminEnvelope(adminUserPage) } },
    },
    async (request) => ok(await listUsers(await adminContext(app, request), request.query)),
  );
  app.get(
    '/admin/users/:id',
    {
      config: { access: USER_ADMINS },
      schema: { tags, params: byId, response: { 200: adminEnvelope(adminUserDetail) } },
    },
    async (request) => ok(await getUser(await adminContext(app, request), request.params.id)),
  );
  app.post(
    '/admin/users',
    {
      config: { access: USER_ADMINS },
      schema: {
        tags,
        body: createUserRequest,
        response: {
          200: adminEnvelope(z.object({ user: adminUserDetail, invitation: passwordMailResult.nullable() })),
        },
      },
    },
    async (request) => {
      const r = await createUser(await adminContext(app, request), request.body);
      return ok(r, r.invitation ? `${r.user.email} was added and invited.` : `${r.user.email} was added.`);
    },
  );
  app.put(
    '/admin/users/:id',
    {
      config: { access: USER_ADMINS },
      schema: {
        tags,
        params: byId,
        body: updateUserRequest,
        response: { 200: adminEnvelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await updateUser(await adminContext(app, request), request.params.id, request.body);
      return ok(u, `${u.email} was saved.`);
    },
  );
  app.post(
    '/admin/users/:id/active',
    {
      config: { access: USER_ADMINS },
      schema: {
        tags,
        params: byId,
        body: setActiveRequest,
        response: { 200: adminEnvelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await setUserActive(await adminContext(app, request), request.params.id, request.body.active);
      return ok(u, `${u.email} is ${u.active ? 'active' : 'deactivated; their sessions have ended'}.`);
    },
  );
  app.put(
    '/admin/users/:id/access',
    {
      config: { access: USER_ADMINS },
      schema: { tags, params: byId, body: accessInput, response: { 200: adminEnvelope(adminUserDetail) } },
    },
    async (request) => {
      const u = await setUserAccess(await adminContext(app, request), request.params.id, request.body);
      await widgetDataChanged(app.db);
      return ok(u, `Access of ${u.email} was saved. ${u.access.effect.summary}`);
    },
  );
  app.post(
    '/admin/access-preview',
    {
      config: { access: USER_ADMINS },
      schema: { tags, body: accessPreviewRequest, response: { 200: adminEnvelope(accessEffect) } },
    },
    async (request) => {
      const ctx = await adminContext(app, request);
      const { userId, ...input } = request.body;
      let target: { id: number; role: typeof input.role } | null = null;
      if (userId !== undefined) {
        const u = await getUser(ctx, userId);
        target = { id: u.id, role: u.role };
      }
      return ok(await previewAccess(ctx, input, target));
    },
  );
  for (const [path, purpose] of [
    ['reset-password', 'reset'],
    ['invite', 'invite'],
  ] as const) {
    app.post(
      `/admin/users/:id/${path}`,
      {
        config: { access: USER_ADMINS },
        schema: { tags, params: byId, response: { 200: adminEnvelope(passwordMailResult) } },
      },
      async (request) => {
        const r = await sendPasswordLink(await adminContext(app, request), request.params.id, purpose);
        return ok(
          r,
          r.delivered
            ? `A ${purpose === 'reset' ? 'password reset' : 'invitation'} link was sent to ${r.sentTo}.`
            : `The ${purpose === 'reset' ? 'password reset' : 'invitation'} mail to ${r.sentTo} is in the outbox (no mail server is configured).`,
        );
      },
    );
  }

  // Public: the links from the mails (set-password page).
  const linkTags = ['password links'];
  const linkLimit = { max: 20, timeWindow: '1 minute' };
  app.post(
    '/password-link/check',
    {
      config: { access: publicAccess, rateLimit: linkLimit },
      schema: {
        tags: linkTags,
        body: checkPasswordLinkRequest,
        response: { 200: adminEnvelope(passwordLinkInfo) },
      },
    },
    async (request) => ok(await checkLink(app, request.body.token)),
  );
  app.post(
    '/password-link/set',
    {
      config: { access: publicAccess, rateLimit: linkLimit },
      schema: {
        tags: linkTags,
        body: setPasswordWithLinkRequest,
        response: { 200: adminEnvelope(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      const r = await setPasswordWithLink(app, request.body.token, request.body.newPassword, request.ip);
      return ok(r, 'Your password is set. Sign in with it now.');
    },
  );

  // Sales representatives and contacts
  app.get(
    '/admin/assignments',
    {
      config: { access: SALES },
      schema: { tags, querystring: assignmentQuery, response: { 200: adminEnvelope(z.array(assignment)) } },
    },
    async (request) => ok(await listAssignments(await adminContext(app, request), request.query)),
  );
  app.post(
    '/admin/assignments',
    {
      config: { access: PROVIDER_ADMIN },
      schema: { tags, body: createAssignmentRequest, response: { 200: adminEnvelope(assignment) } },
    },
    async (request) => {
      const a = await createAssignment(await adminContext(app, request), request.body);
      await widgetDataChanged(app.db);
      return ok(a, `${a.displayName} is assigned to ${a.siteName ?? a.customerName}.`);
    },
  );
  app.delete(
    '/admin/assignments/:id',
    {
      config: { access: PROVIDER_ADMIN },
      schema: { tags, params: byId, response: { 200: adminEnvelope(assignment) } },
    },
    async (request) => {
      const a = await deleteAssignment(await adminContext(app, request), request.params.id);
      await widgetDataChanged(app.db);
      return ok(a, `${a.displayName} is no longer assigned to ${a.siteName ?? a.customerName}.`);
    },
  );
  app.get(
    '/admin/sales-representatives',
    {
      config: { access: SALES },
      schema: { tags, response: { 200: adminEnvelope(z.array(salesRepresentative)) } },
    },
    async (request) => ok(await salesRepresentatives(await adminContext(app, request))),
  );
  app.get(
    '/sales/dashboard',
    {
      config: { access: SALES },
      schema: { tags, querystring: salesDashboardQuery, response: { 200: adminEnvelope(salesDashboard) } },
    },
    async (request) => {
      const ctx = await adminContext(app, request);
      const repId = ctx.user.role === 'sales' ? ctx.user.id : request.query.userId;
      if (repId === undefined)
        throw forbidden('Name the sales representative (userId) whose dashboard to show.');
      if (
        ctx.user.role === 'sales' &&
        request.query.userId !== undefined &&
        request.query.userId !== ctx.user.id
      ) {
        throw notFound(`There is no sales representative ${request.query.userId}.`); // another rep's: as if none (docs/security.md)
      }
      return ok(await dashboard(ctx, repId));
    },
  );
  app.get(
    '/contacts',
    { config: { access: signedIn }, schema: { tags, response: { 200: adminEnvelope(contactCard) } } },
    async (request) =>
      ok(
        await contacts(app.db, await request.scope(), {
          email: app.config.SUPPORT_EMAIL,
          phone: app.config.SUPPORT_PHONE ?? null,
        }),
      ),
  );

  // Audit and outbox
  app.get(
    '/admin/audit',
    {
      config: { access: USER_ADMINS },
      schema: { tags, querystring: auditQuery, response: { 200: adminEnvelope(auditPage) } },
    },
    async (request) => ok(await readAudit(await adminContext(app, request), request.query)),
  );
  app.get(
    '/admin/audit/export',
    { config: { access: USER_ADMINS }, schema: { tags, querystring: auditQuery } },
    async (request, reply) => {
      const csv = await auditCsv(await adminContext(app, request), request.query);
      reply.header(
        'content-disposition',
        `attachment; filename="kestrel-audit-${app.now().toISOString().slice(0, 10)}.csv"`,
      );
      reply.type('text/csv; charset=utf-8');
      return reply.send(csv);
    },
  );
  app.get(
    '/admin/outbox',
    {
      config: { access: PROVIDER_ADMIN },
      schema: { tags, querystring: outboxQuery, response: { 200: adminEnvelope(outboxPage) } },
    },
    async (request) =>
      ok(await readOutbox(await adminContext(app, request), request.query.limit, request.query.offset)),
  );
};
