import type {
  AlertPreference,
  AlertPreferences,
  ComposeRequest,
  InboxPage,
  MessageDetail,
  MessageKind,
  Recipient,
  UnreadCount,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { isSignedIn } from '../../app/session/storage';

/** Calls of the messages feature (docs/messages.md); each cache key holds every parameter. */
const qs = (q: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

/** Every view of messages: changing one refreshes the inbox, the message and the header count. */
const ALL = ['messages'] as const;

export interface InboxParams {
  box: 'inbox' | 'archive';
  order: 'unread' | 'date';
  kind?: MessageKind;
  limit: number;
  offset: number;
}

export const useInbox = (q: InboxParams) =>
  useQuery({
    queryKey: [...ALL, 'inbox', q],
    queryFn: async () => (await request<InboxPage>(`messages${qs({ ...q })}`)).result,
    placeholderData: keepPreviousData,
  });

/** The header badge: polled each minute, so new alerts show without a reload. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: [...ALL, 'unread'],
    queryFn: async () =>
      (await request<UnreadCount>('messages/unread-count', { silent: true, background: true })).result,
    enabled: isSignedIn(),
    refetchInterval: 60_000,
    retry: false,
  });

export function useMessage(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...ALL, 'one', id],
    queryFn: async () => {
      const m = (await request<MessageDetail>(`messages/${id}`)).result;
      // Reading marked it read: the lists and the badge change.
      void client.invalidateQueries({ queryKey: [...ALL, 'inbox'] });
      void client.invalidateQueries({ queryKey: [...ALL, 'unread'] });
      return m;
    },
    enabled: id > 0,
  });
}

function useChange<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export const useMarkUnread = () =>
  useChange((id: number) => request(`messages/${id}/unread`, { method: 'POST', body: {} }));

export const useArchive = () =>
  useChange(({ id, archived }: { id: number; archived: boolean }) =>
    request(`messages/${id}/archive`, { method: 'POST', body: { archived } }),
  );

export const useRecipients = () =>
  useQuery({
    queryKey: [...ALL, 'recipients'],
    queryFn: async () => (await request<Recipient[]>('messages/recipients')).result,
  });

export const useCompose = () =>
  useChange(
    async (body: ComposeRequest) =>
      (await request<{ id: number }>('messages', { method: 'POST', body, silent: true })).result,
  );

export const useAlertPreferences = () =>
  useQuery({
    queryKey: [...ALL, 'preferences'],
    queryFn: async () => (await request<AlertPreferences>('messages/preferences')).result.preferences,
  });

export const useSaveAlertPreferences = () =>
  useChange((preferences: AlertPreference[]) =>
    request<AlertPreferences>('messages/preferences', { method: 'PUT', body: { preferences } }),
  );
