import type {
  AccessEffect,
  AccessInput,
  AccessPreviewRequest,
  AdminSite,
  AdminSitePage,
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
  AuditQuery,
  CloneResult,
  CloneSiteRequest,
  ContactCard,
  CreateCustomerRequest,
  CreateSiteRequest,
  CreateUserRequest,
  CustomerDetail,
  CustomerListQuery,
  CustomerPage,
  OnboardedCustomers,
  OutboxPage,
  PasswordMailResult,
  SalesDashboard,
  SalesRepresentative,
  SiteListQuery,
  UpdateCustomerRequest,
  UpdateSiteRequest,
  UpdateUserRequest,
  UserListQuery,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { token } from '../app/session/storage';
import { request } from './client';

/**
 * Administration calls (docs/administration.md). Changes are `silent`: a refusal (403 "you cannot
 * change your own role", 400 naming a field) is shown in the form that made it, not as a
 * sign-out or a bare toast.
 */
type AdminAnswer<T> = { success: boolean; result: T; message?: string };

/** Query parameters as the page has them; the contract's query schemas check them on the server. */
type Params = Record<string, string | number | boolean | undefined | null>;
type Of<Q> = { [K in keyof Q]?: string | number | boolean };

const qs = (params: Params) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

const get = async <T>(path: string) => (await request<T>(path)).result;

/** A change: the result and the server's message for the toast. */
async function change<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) {
  const r = (await request<T>(path, { method, body, silent: true })) as AdminAnswer<T>;
  return { result: r.result, message: r.message };
}

// Customers
export const useCustomers = (q: Of<CustomerListQuery>) =>
  useQuery({
    queryKey: ['admin', 'customers', q],
    queryFn: () => get<CustomerPage>(`admin/customers${qs(q)}`),
    placeholderData: keepPreviousData,
  });
export const useCustomer = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'customer', id],
    enabled: id != null,
    queryFn: () => get<CustomerDetail>(`admin/customers/${id}`),
  });
export const useOnboardedCustomers = (days: number) =>
  useQuery({
    queryKey: ['admin', 'onboarded', days],
    queryFn: () => get<OnboardedCustomers>(`admin/reports/onboarded-customers?days=${days}`),
    placeholderData: keepPreviousData,
  });

// Sites
export const useAdminSites = (q: Of<SiteListQuery>, enabled = true) =>
  useQuery({
    queryKey: ['admin', 'sites', q],
    enabled,
    queryFn: () => get<AdminSitePage>(`admin/sites${qs(q)}`),
    placeholderData: keepPreviousData,
  });

// Users
export const useAdminUsers = (q: Of<UserListQuery>) =>
  useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: () => get<AdminUserPage>(`admin/users${qs(q)}`),
    placeholderData: keepPreviousData,
  });
export const useAdminUser = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'user', id],
    enabled: id != null,
    queryFn: () => get<AdminUserDetail>(`admin/users/${id}`),
  });

/** What an access setting would show the user, asked again whenever the setting changes. */
export const useAccessPreview = (body: AccessPreviewRequest | null) =>
  useQuery({
    queryKey: ['admin', 'access-preview', body],
    enabled: body != null,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await request<AccessEffect>('admin/access-preview', { method: 'POST', body, silent: true })).result,
  });

// Sales, contacts, audit, outbox
/** A rep's home; a provider admin names the rep (`userId`). Silent: a refusal shows in the page. */
export const useSalesDashboard = (userId: number | null, enabled = true) =>
  useQuery({
    queryKey: ['sales', 'dashboard', userId],
    enabled,
    queryFn: async () =>
      (await request<SalesDashboard>(`sales/dashboard${qs({ userId })}`, { silent: true })).result,
  });
export const useSalesRepresentatives = (enabled: boolean) =>
  useQuery({
    queryKey: ['sales', 'representatives'],
    enabled,
    queryFn: () => get<SalesRepresentative[]>('admin/sales-representatives'),
  });
export const useContacts = () =>
  useQuery({ queryKey: ['contacts'], queryFn: () => get<ContactCard>('contacts') });
export const useAudit = (q: Of<AuditQuery>) =>
  useQuery({
    queryKey: ['admin', 'audit', q],
    queryFn: () => get<AuditPage>(`admin/audit${qs(q)}`),
    placeholderData: keepPreviousData,
  });
export const auditExportUrl = (q: Of<AuditQuery>) =>
  `admin/audit/export${qs({ ...q, limit: 1000, offset: 0 })}`;
export const useOutbox = (offset: number) =>
  useQuery({
    queryKey: ['admin', 'outbox', offset],
    queryFn: () => get<OutboxPage>(`admin/outbox?limit=50&offset=${offset}`),
    placeholderData: keepPreviousData,
  });

/** One mutation per change; every admin list refreshes after it. */
function useAdminChange<V, T>(fn: (v: V) => Promise<{ result: T; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
      void client.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}

export const useSaveCustomer = () =>
  useAdminChange((v: { id?: number; body: CreateCustomerRequest | UpdateCustomerRequest }) =>
    v.id == null
      ? change<CustomerDetail>('admin/customers', 'POST', v.body)
      : change<CustomerDetail>(`admin/customers/${v.id}`, 'PUT', v.body),
  );
export const useSetCustomerActive = () =>
  useAdminChange((v: { id: number; active: boolean }) =>
    change<CustomerDetail>(`admin/customers/${v.id}/active`, 'POST', { active: v.active }),
  );
export const useSaveSite = () =>
  useAdminChange((v: { id?: number; body: CreateSiteRequest | UpdateSiteRequest }) =>
    v.id == null
      ? change<AdminSite>('admin/sites', 'POST', v.body)
      : change<AdminSite>(`admin/sites/${v.id}`, 'PUT', v.body),
  );
export const useSetSiteActive = () =>
  useAdminChange((v: { id: number; active: boolean }) =>
    change<AdminSite>(`admin/sites/${v.id}/active`, 'POST', { active: v.active }),
  );
export const useMoveSite = () =>
  useAdminChange((v: { id: number; customerId: number }) =>
    change<AdminSite>(`admin/sites/${v.id}/move`, 'POST', { customerId: v.customerId }),
  );
export const useCloneSite = () =>
  useAdminChange((v: { id: number; body: CloneSiteRequest }) =>
    change<CloneResult>(`admin/sites/${v.id}/clone`, 'POST', v.body),
  );
export const useCreateUser = () =>
  useAdminChange((body: CreateUserRequest) =>
    change<{ user: AdminUserDetail; invitation: PasswordMailResult | null }>('admin/users', 'POST', body),
  );
export const useUpdateUser = () =>
  useAdminChange((v: { id: number; body: UpdateUserRequest }) =>
    change<AdminUserDetail>(`admin/users/${v.id}`, 'PUT', v.body),
  );
export const useSetUserActive = () =>
  useAdminChange((v: { id: number; active: boolean }) =>
    change<AdminUserDetail>(`admin/users/${v.id}/active`, 'POST', { active: v.active }),
  );
export const useSetUserAccess = () =>
  useAdminChange((v: { id: number; body: AccessInput }) =>
    change<AdminUserDetail>(`admin/users/${v.id}/access`, 'PUT', v.body),
  );
export const useSendPasswordMail = () =>
  useAdminChange((v: { id: number; kind: 'reset-password' | 'invite' }) =>
    change<PasswordMailResult>(`admin/users/${v.id}/${v.kind}`, 'POST', {}),
  );

/** The audit CSV, fetched with the session header (a plain link would not carry it) and saved. */
export async function downloadAuditCsv(q: Of<AuditQuery>): Promise<void> {
  const t = token();
  const response = await fetch(`/api/${auditExportUrl(q)}`, { headers: t ? { 'x-access-token': t } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The export failed (${response.status}). Try again.`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'kestrel-audit.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
