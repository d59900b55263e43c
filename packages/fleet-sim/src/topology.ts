import { CUSTOMERS, type CustomerPlan, MANUFACTURER, MODELS, SITE_KINDS } from './catalogue';
import { FAMILY_NAMES, GIVEN_NAMES } from './names';
import { Random } from './random';
import type {
  ConnectionPlan,
  SimCustomer,
  SimDevice,
  SimFleet,
  SimSite,
  SimTechnologist,
  SimTube,
} from './types';

export interface FleetOptions {
  seed: string;
  /** About this many devices (≈100 for the demo; thousands for benchmarks). */
  devices?: number;
  /** Length of the simulated history in days. */
  days?: number;
  /** Mean exams per device and working day (7 for the demo; lower it for large benchmark fleets). */
  examsPerDay?: number;
}

/**
 * The fleet: customers → sites → devices → tubes, and the technologists of each site. The same
 * seed gives the same fleet on every machine. With ~100 devices it is the demo fleet; larger
 * counts repeat the customer plans region by region for benchmarks.
 */
export function generateFleet(options: FleetOptions): SimFleet {
  const target = options.devices ?? 100;
  const days = options.days ?? 183;
  const rng = new Random(options.seed);
  const customers: SimCustomer[] = [];
  const sites: SimSite[] = [];
  const plannedSites = CUSTOMERS.reduce((n, c) => n + planSites(c), 0);
  const rounds = Math.max(1, Math.round(target / 3.3 / plannedSites));

  for (let round = 0; round < rounds; round++) {
    for (const plan of CUSTOMERS) addCustomer(plan, null, round);
  }

  function addCustomer(plan: CustomerPlan, parentKey: string | null, round: number) {
    const key = `c${customers.length + 1}`;
    const name = round === 0 ? plan.name : `${plan.name} — Region ${round + 1}`;
    customers.push({ key, name, country: plan.country, parentKey });
    for (let i = 0; i < plan.sites; i++) {
      const city = plan.cities[i % plan.cities.length]!;
      const kind = SITE_KINDS[(sites.length + i) % SITE_KINDS.length]!;
      sites.push({
        key: `s${sites.length + 1}`,
        customerKey: key,
        name: `${city} ${kind}${round ? ` ${round + 1}` : ''}`,
        city,
        country: plan.country,
        timeZone: plan.timeZone,
        address: `${rng.int(10, 980)} ${rng.pick(['Main', 'Oak', 'Lake', 'Hospital', 'Park', 'Church'])} ${plan.country === 'FR' ? 'Rue' : 'Street'}`,
        postalCode: String(rng.int(10000, 99999)),
        saturday: rng.chance(0.35),
      });
    }
    for (const child of plan.children ?? []) addCustomer(child, key, round);
  }

  const technologists: SimTechnologist[] = [];
  for (const site of sites) {
    const n = rng.int(6, 12);
    const used = new Set<string>();
    while (used.size < n) {
      const pn = `${rng.pick(FAMILY_NAMES)}^${rng.pick(GIVEN_NAMES)}`;
      if (used.has(pn)) continue;
      used.add(pn);
      // Most technologists reject 1–2 % of images; a few struggle, a few are excellent.
      const rejectRate = rng.weighted([
        [rng.between(0.004, 0.01), 2],
        [rng.between(0.01, 0.022), 6],
        [rng.between(0.025, 0.04), 1],
      ] as const);
      technologists.push({ siteKey: site.key, pn, rejectRate, forceMean: rng.normal(95, 18, 55, 140) });
    }
  }

  const devices: SimDevice[] = [];
  const perSite = spread(target, sites.length, rng);
  sites.forEach((site, s) => {
    for (let i = 0; i < perSite[s]!; i++)
      devices.push(makeDevice(rng, devices.length, site, days, options.examsPerDay ?? 7));
  });
  // Two devices nobody registered: they send anyway and register themselves as pending.
  for (let i = 0; i < Math.max(2, Math.round(target / 50)); i++) {
    const d = makeDevice(rng, devices.length, sites[i % sites.length]!, days, options.examsPerDay ?? 7);
    devices.push({
      ...d,
      siteKey: null,
      onboarding: 'pending',
      activeFromDaysAgo: rng.int(3, 20),
      tubes: [],
    });
  }
  return { seed: options.seed, customers, sites, devices, technologists };
}

const planSites = (p: CustomerPlan): number =>
  p.sites + (p.children ?? []).reduce((n, c) => n + planSites(c), 0);

/**
 * `total` devices over `n` sites, sized like real sites (a few big ones, 1–6 each). With fewer
 * devices than sites, the first sites get one each and the rest none yet.
 */
function spread(total: number, n: number, rng: Random): number[] {
  const weights = Array.from({ length: n }, () =>
    rng.weighted([
      [1, 4],
      [2, 3],
      [4, 2],
      [6, 1],
    ] as const),
  );
  if (total <= n) return weights.map((_, i) => (i < total ? 1 : 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.round((w / sum) * total)));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  // Every site keeps at least one device, so this terminates: total > n leaves room to add or remove.
  for (let i = 0; diff !== 0; i = (i + 1) % n) {
    if (diff > 0) {
      counts[i]!++;
      diff--;
    } else if (counts[i]! > 1) {
      counts[i]!--;
      diff++;
    }
  }
  return counts;
}

function makeDevice(rng: Random, index: number, site: SimSite, days: number, examsPerDay: number): SimDevice {
  const model = rng.weighted(MODELS.map((m) => [m, m.weight] as const));
  const onboarding = rng.weighted([
    ['completed', 90],
    ['inprogress', 6],
    ['todo', 4],
  ] as const);
  const connection: ConnectionPlan =
    onboarding === 'todo'
      ? 'NEVER'
      : rng.weighted([
          ['GREEN', 76],
          ['YELLOW', 12],
          ['RED', 12],
        ] as const);
  const activeFromDaysAgo = onboarding === 'inprogress' ? rng.int(7, 30) : onboarding === 'todo' ? 0 : days;
  const silentSinceDaysAgo = connection === 'RED' ? rng.int(2, 20) : 0;
  const lastHeartbeatMinutesAgo =
    connection === 'NEVER'
      ? null
      : connection === 'GREEN'
        ? rng.int(1, 20)
        : connection === 'YELLOW'
          ? rng.int(45, 20 * 60)
          : silentSinceDaysAgo * 24 * 60 + rng.int(0, 600);

  // Tubes: the current one with a planned remaining life, sometimes a replaced one before it.
  const serial = `${model.name.split(' ')[1]!.slice(0, 2).toUpperCase()}${String(100000 + index * 37).slice(-6)}`;
  const status = rng.weighted([
    ['red', 10],
    ['yellow', 14],
    ['green', 76],
  ] as const);
  const replacedRecently = status === 'green' && rng.chance(0.2);
  const currentInstalled = replacedRecently ? rng.int(20, 150) : rng.int(days + 30, days + 900);
  const tubes: SimTube[] = [];
  if (replacedRecently) {
    tubes.push({
      serial: `T${serial}A`,
      installedDaysAgo: currentInstalled + rng.int(700, 1400),
      replacedDaysAgo: currentInstalled,
      ratedMas: model.tubeRatedMas,
      targetDaysRemaining: null,
    });
  }
  tubes.push({
    serial: `T${serial}${replacedRecently ? 'B' : 'A'}`,
    installedDaysAgo: currentInstalled,
    replacedDaysAgo: null,
    ratedMas: model.tubeRatedMas,
    targetDaysRemaining:
      status === 'red'
        ? rng.int(5, 26)
        : status === 'yellow'
          ? rng.int(36, 56)
          : replacedRecently
            ? null
            : rng.int(80, 900),
  });

  return {
    key: `d${index + 1}`,
    siteKey: site.key,
    serial,
    manufacturer: MANUFACTURER,
    model: model.name,
    type: model.type,
    softwareVersion: rng.pick(model.software),
    stationName: `${site.city.replace(/\W/g, '').slice(0, 6).toUpperCase()}MG${(index % 9) + 1}`,
    onboarding,
    activeFromDaysAgo,
    silentSinceDaysAgo,
    connection,
    lastHeartbeatMinutesAgo,
    examsPerDay: rng.normal(
      examsPerDay,
      (3 * examsPerDay) / 7,
      Math.min(2, examsPerDay / 2),
      (16 * examsPerDay) / 7,
    ),
    tubes,
  };
}
