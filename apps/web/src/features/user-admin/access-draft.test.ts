import { describe, expect, it } from 'vitest';
import { accessBody, grantableRoles } from './access-draft';

describe('access drafts', () => {
  it('drops the home customer of provider staff and keeps it for customer roles', () => {
    const base = { customerId: 7, applicationIds: [1002], customerIds: [], siteIds: [3] };
    expect(accessBody({ ...base, role: 'sales' }).customerId).toBeNull();
    expect(accessBody({ ...base, role: 'customer_user' })).toEqual({
      role: 'customer_user',
      customerId: 7,
      applicationIds: [1002],
      customerIds: [],
      siteIds: [3],
    });
  });

  it('offers a customer admin only the customer roles', () => {
    expect(grantableRoles('customer_admin')).toEqual(['customer_admin', 'customer_user']);
    expect(grantableRoles('provider_admin')).toHaveLength(5);
  });
});
