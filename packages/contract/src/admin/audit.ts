import { z } from 'zod';
import { boundedRange, idText, intText, isoDate, line } from '../bounds';
import { pageOf } from './common';

/** The audit trail of administrative changes (docs/administration.md "Audit"). */
export const auditQuery = boundedRange(
  z.object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    customerId: idText.optional(),
    entity: line(40).optional(),
    entityId: idText.optional(),
    actorUserId: idText.optional(),
    limit: intText(1, 1000).default(100),
    offset: intText(0, 10_000_000).default(0),
  }),
  'from',
  'to',
);
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEvent = z.object({
  id: z.number(),
  at: z.string(),
  actorUserId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  customerId: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditPage = pageOf(auditEvent);
export type AuditPage = z.infer<typeof auditPage>;

/** The mail outbox (provider admin). */
export const outboxQuery = z.object({
  limit: intText(1, 500).default(50),
  offset: intText(0, 1_000_000).default(0),
});
export const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const outboxPage = pageOf(outboxMail).extend({
  /** False: no SMTP_URL, mails only stay here. */
  delivers: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPage>;
