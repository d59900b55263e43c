import type { Application, ApplicationId } from '@kestrel/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { applications, userApplications } from '../../platform/db/schema';

/** The applications a user may open, with their home route ({provider} from configuration). */
export async function applicationsOf(
  db: DbOrTx,
  userId: number,
  providerSlug: string,
): Promise<Application[]> {
  const rows = await db
    .select({ id: applications.id, name: applications.name, home: applications.home })
    .from(userApplications)
    .innerJoin(applications, eq(applications.id, userApplications.applicationId))
    .where(eq(userApplications.userId, userId))
    .orderBy(asc(applications.id));
  return rows.map((r) => ({
    id: r.id as ApplicationId,
    name: r.name,
    home: r.home.replace('{provider}', providerSlug),
  }));
}
