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

describe('administration pages are in the menu of those who may open them', () => {
  const states = (
    applicationId: number,
    role: 'provider_admin' | 'customer_admin' | 'customer_user' | 'service',
  ) => {
    const menu = buildMenu({
      applicationId,
      role,
      sites: [],
      dashboards: [],
      providerSlug: 'acme',
      privacyPolicyUrl: 'https://example.com/p',
    });
    const all = menu.flatMap((s) => s.main.flatMap((m) => [m, ...(m.children ?? [])]));
    return all.map((m) => m.state);
  };

  it('the provider admin finds the audit trail and the mail outbox; customer admins the audit trail only', () => {
    expect(states(1002, 'provider_admin')).toEqual(
      expect.arrayContaining(['admin/audit', 'admin/outbox', 'admin/eula']),
    );
    expect(states(1001, 'customer_admin')).not.toContain('admin/eula');
    // Releases (docs/releases.md §8): the provider admin manages them, customer admins approve.
    expect(states(1002, 'provider_admin')).toEqual(
      expect.arrayContaining(['releases', 'deployPackage', 'rollouts']),
    );
    expect(states(1001, 'customer_admin')).toContain('release-approvals');
    expect(states(1001, 'customer_user')).not.toContain('release-approvals');
    expect(states(1003, 'service')).toContain('rollouts');
    expect(states(1001, 'customer_admin')).toContain('admin/audit');
    expect(states(1001, 'customer_admin')).not.toContain('admin/outbox');
    expect(states(1001, 'customer_user')).not.toContain('admin/audit');
  });
});
