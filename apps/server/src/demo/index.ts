import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateFleet } from '@kestrel/fleet-sim';
import { count, eq } from 'drizzle-orm';
import { verifyPassword } from '../platform/auth/passwords';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { customers, users } from '../platform/db/schema';
import { createDemoAdministration } from './admin';
import { createDemoContent } from './content';
import { loadFleet } from './load-fleet';
import { createDemoPeople, DEMO_LOGINS, setDemoPasswords } from './people';

export { DEMO_LOGINS };

export interface DemoOptions {
  seed: string;
  days: number;
  devices: number;
  now: Date;
  log: (line: string) => void;
}

/** Load the demo fleet, people and content into an empty database. Returns the facts stored. */
export async function loadDemo(db: Db, password: string, opts: DemoOptions): Promise<number> {
  const fleet = generateFleet({ seed: opts.seed, devices: opts.devices, days: opts.days });
  opts.log(
    `Loading the demo fleet (seed "${opts.seed}"): ${fleet.customers.length} customers, ${fleet.sites.length} sites, ` +
      `${fleet.devices.length} devices, ${opts.days} days of exams. This happens once.`,
  );
  let images = 0;
  let lastReport = Date.now();
  const facts = await loadFleet(db, fleet, {
    now: opts.now,
    days: opts.days,
    onDay: (p) => {
      images += p.images;
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        opts.log(`  … ${p.day}: ${images.toLocaleString('en-US')} images so far`);
      }
    },
  });
  await createDemoPeople(db, password);
  await createDemoAdministration(db, opts.now);
  await createDemoContent(db, opts.now);
  return facts;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(customers);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo password: DEMO_PASSWORD when set; otherwise the one generated at first start and
 * kept in the data directory (readable by this user only). Never a password written in code.
 */
export function demoPassword(config: Config): { password: string; source: 'env' | 'file' | 'generated' } {
  if (config.DEMO_PASSWORD) return { password: config.DEMO_PASSWORD, source: 'env' };
  const file = path.join(config.dataDir, 'demo-password');
  if (fs.existsSync(file)) return { password: fs.readFileSync(file, 'utf8').trim(), source: 'file' };
  const password = randomBytes(12).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, source: 'generated' };
}

/** Keep the printed password true: if the demo logins do not accept it, set it. */
export async function syncDemoPasswords(db: Db, password: string): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS[0]!.email));
  if (!admin) return;
  if (!admin.passwordHash || !(await verifyPassword(admin.passwordHash, password))) {
    await setDemoPasswords(db, password);
  }
}
