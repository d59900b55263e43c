import { z } from 'zod';
import { id, idText, intText, line, paragraph } from './bounds';

/**
 * Messages and alerts (docs/messages.md): a user's inbox, reading, composing to their provider
 * contacts, and how each alert kind reaches them.
 */

/** Alerts the server raises, once per episode (docs/messages.md §2). */
export const ALERT_KINDS = [
  'tube_alert',
  'connection_alert',
  'failed_files_alert',
  'reject_rate_alert',
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** A site's reject-rate target in percent when its administrator set none (docs/messages.md §2). */
export const REJECT_RATE_TARGET_DEFAULT = 8;
/** The targets an administrator may set: 0.5–50 %, in steps of 0.1. */
export const REJECT_RATE_TARGET_BOUNDS = { min: 0.5, max: 50 } as const;

export const MESSAGE_KINDS = ['message', 'release', 'approval', ...ALERT_KINDS] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

export const ALERT_LABELS: Record<AlertKind, string> = {
  tube_alert: 'Tube life',
  connection_alert: 'Device offline (RED)',
  failed_files_alert: 'Failed files',
  reject_rate_alert: 'Reject rate above target',
};

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  message: 'Message',
  release: 'Release notice',
  approval: 'Approval',
  ...ALERT_LABELS,
};

/** portal: only in the inbox; email: in the inbox and by e-mail at once; digest: in the inbox and in one daily e-mail. */
export const DELIVERIES = ['portal', 'email', 'digest'] as const;
export const deliverySchema = z.enum(DELIVERIES);
export type Delivery = z.infer<typeof deliverySchema>;

export const inboxQuery = z.object({
  box: z.enum(['inbox', 'archive']).default('inbox'),
  kind: messageKindSchema.optional(),
  /** unread: unread first, then newest; date: newest first. */
  order: z.enum(['unread', 'date']).default('unread'),
  limit: intText(1, 100).default(20),
  offset: intText(0, 1_000_000).default(0),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const messageSummary = z.object({
  id: z.number(),
  kind: messageKindSchema,
  subject: z.string(),
  senderName: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
  /** For alerts: whether the episode has cleared. */
  resolved: z.boolean().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummary>;

export const inboxPage = z.object({ items: z.array(messageSummary), total: z.number(), unread: z.number() });
export type InboxPage = z.infer<typeof inboxPage>;

export const messageDetail = messageSummary.extend({
  body: z.string(),
  /** A page of the portal the message is about, e.g. `/device-details?deviceId=7`. */
  link: z.string().nullable(),
  device: z.object({ id: z.number(), serial: z.string(), model: z.string() }).nullable(),
  site: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A personal message whose sender the reader may write to: whom a reply goes to; else null. */
  replyTo: z.object({ userId: z.number(), displayName: z.string() }).nullable(),
});
export type MessageDetail = z.infer<typeof messageDetail>;

export const unreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const archiveRequest = z.object({ archived: z.boolean() });

export const recipient = z.object({
  userId: z.number(),
  displayName: z.string(),
  /** 'Sales representative', 'Service engineer', or the customer the user belongs to. */
  role: z.string(),
});
export type Recipient = z.infer<typeof recipient>;

export const composeRequest = z.object({
  toUserId: id,
  subject: line(200).refine((s) => s.trim().length > 0, 'must not be empty'),
  body: paragraph(10_000).refine((s) => s.trim().length > 0, 'must not be empty'),
  siteId: id.optional(),
  deviceId: id.optional(),
  /** The message this answers: one the caller received from `toUserId` (docs/messages.md §1). */
  replyToId: id.optional(),
});
export type ComposeRequest = z.infer<typeof composeRequest>;

export const alertPreference = z.object({ kind: alertKindSchema, delivery: deliverySchema });
export type AlertPreference = z.infer<typeof alertPreference>;
export const alertPreferences = z.object({ preferences: z.array(alertPreference).max(ALERT_KINDS.length) });
export type AlertPreferences = z.infer<typeof alertPreferences>;

/** The subject of a reply: 'Re: ' once, within the subject's 200 characters. */
export const replySubject = (subject: string) =>
  (/^re:\s/i.test(subject) ? subject : `Re: ${subject}`).slice(0, 200);

export const messageIdParams = z.object({ id: idText });
