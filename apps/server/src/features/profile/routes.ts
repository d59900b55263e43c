import { envelope, profile, updateProfileRequest } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../platform/auth/access';
import type { Db } from '../../platform/db';
import { customers, users } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';

/** The caller's own profile: read it, and change the name, job title and phone (product §7 ha/updateprofile). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/profile',
    { config: { access: signedIn }, schema: { tags: ['profile'], response: { 200: envelope(profile) } } },
    async (request) => ok(await profileOf(app.db, request.user.id)),
  );

  app.post(
    '/ha/updateprofile',
    {
      config: { access: signedIn },
      schema: { tags: ['profile'], body: updateProfileRequest, response: { 200: envelope(profile) } },
    },
    async (request) => {
      const { displayName, jobTitle, phone } = request.body;
      await app.db
        .update(users)
        .set({
          displayName,
          // Omitted fields stay as they are; an empty string clears them.
          ...(jobTitle !== undefined ? { jobTitle } : {}),
          ...(phone !== undefined ? { phone } : {}),
          updatedAt: app.now(),
        })
        .where(eq(users.id, request.user.id));
      return ok(await profileOf(app.db, request.user.id));
    },
  );
};

async function profileOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      userType: users.userType,
      customerName: customers.name,
      jobTitle: users.jobTitle,
      phone: users.phone,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Your account no longer exists.');
  return { ...row, lastLoginAt: row.lastLoginAt?.toISOString() ?? null };
}
