import { type AlertKind, MESSAGE_KIND_LABELS, type MessageKind } from '@kestrel/contract';
import { renderHtmlMail } from '../../platform/mail/html';

/**
 * The daily digest (docs/messages.md §3), pure: a user's pending messages grouped by kind, in a
 * fixed order, newest first within a kind, as one plain-text e-mail.
 */
export interface DigestItem {
  kind: MessageKind;
  subject: string;
  createdAt: Date;
  link: string | null;
}

export interface DigestGroup {
  kind: MessageKind;
  label: string;
  items: DigestItem[];
}

const ORDER: MessageKind[] = [
  'connection_alert',
  'tube_alert',
  'failed_files_alert',
  'reject_rate_alert',
  'approval',
  'release',
  'message',
];

export function groupDigest(items: readonly DigestItem[]): DigestGroup[] {
  const byKind = new Map<MessageKind, DigestItem[]>();
  for (const i of items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i]);
  return ORDER.filter((k) => byKind.has(k)).map((kind) => ({
    kind,
    label: MESSAGE_KIND_LABELS[kind],
    items: byKind.get(kind)!.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
  }));
}

export function digestMail(
  items: readonly DigestItem[],
  publicUrl: string,
  productName: string,
): { subject: string; text: string; html: string } {
  const groups = groupDigest(items);
  const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const title = `Your daily ${productName} digest: ${items.length} new.`;
  const inbox = `${publicUrl}/email/inbox`;
  const lines: string[] = [title, ''];
  for (const g of groups) {
    lines.push(`${g.label} (${g.items.length})`);
    for (const i of g.items) {
      lines.push(`  - ${i.subject} (${when(i.createdAt)})`);
      if (i.link) lines.push(`    ${publicUrl}${i.link}`);
    }
    lines.push('');
  }
  lines.push(`Read them in your inbox: ${inbox}`);
  const html = renderHtmlMail({
    title,
    blocks: groups.map((g) => ({
      heading: `${g.label} (${g.items.length})`,
      items: g.items.map((i) => ({
        text: `${i.subject} (${when(i.createdAt)})`,
        link: i.link ? `${publicUrl}${i.link}` : null,
      })),
    })),
    action: { text: 'Read them in your inbox', href: inbox },
    footer: ['You get this digest because you chose it for these alerts in your profile; change it there.'],
  });
  const counts = groups.map((g) => `${g.items.length} ${g.label.toLowerCase()}`).join(', ');
  return { subject: `${productName} daily digest: ${counts}`, text: lines.join('\n'), html };
}

export const isAlertKind = (k: MessageKind): k is AlertKind => k.endsWith('_alert');
