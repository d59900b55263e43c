import { signedInRoutes } from '@kestrel/contract/routes';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './build';

const names = (sections: ReturnType<typeof buildMenu>) =>
  sections.flatMap((s) => [s.label, ...s.main.map((m) => m.name)]);

describe('the sales representative is called so (product §1)', () => {
  it("the sales role's menu section and home page say 'Sales representative'", () => {
    const menu = buildMenu({
      applicationId: 1002,
      role: 'sales',
      sites: [],
      dashboards: [],
      providerSlug: 'acme',
      privacyPolicyUrl: 'https://example.com/p',
    });
    const section = menu.find((s) => s.main.some((m) => m.state === 'sales-rep-dashboard'))!;
    expect(section.label).toBe('Sales representative');
    expect(section.main.find((m) => m.state === 'sales-rep-dashboard')!.name).toBe(
      'Sales representative dashboard',
    );
    expect(names(menu).filter((n) => /\bSales\b/.test(n) && !/Sales representative/.test(n))).toEqual([]);
    expect(signedInRoutes.find((r) => r.path === 'sales-rep-dashboard')?.label).toBe(
      'Sales representative dashboard',
    );
  });
});
