/**
 * The HTML part of the portal's e-mails (docs/administration.md "Mail and the outbox"): one simple,
 * accessible layout — a heading, paragraphs, lists of links, one button to the page the mail is
 * about and a small footer. Every text is escaped here, so callers pass plain text (subjects and
 * bodies people wrote included); no remote images or styles, so nothing loads from elsewhere and
 * the mail reads the same with images blocked. The plain-text part stays the mail's full content.
 */
export interface HtmlLink {
  text: string;
  href: string;
}

export type HtmlBlock =
  | { paragraph: string }
  | { heading: string; items: { text: string; link?: string | null }[] };

export interface HtmlMail {
  /** The page title and the first heading. */
  title: string;
  blocks: HtmlBlock[];
  /** The one call to action, drawn as a button. */
  action?: HtmlLink | null;
  /** Small print at the end (why the mail came, where to change it). */
  footer?: (string | HtmlLink)[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Paragraph text keeps the writer's line breaks. */
const lines = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
/** Only web addresses become links; anything else (javascript:, data:) is shown as text. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? escapeHtml(href) : null);
const anchor = (l: HtmlLink, style: string) => {
  const href = safeHref(l.href);
  return href ? `<a href="${href}" style="${style}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text);
};

const TEXT = 'color:#1a1b1e;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5';
const LINK = 'color:#1c5fb8;text-decoration:underline';
// White on #1c5fb8 is 6.2:1, well above WCAG AA for normal text.
const BUTTON =
  'display:inline-block;background:#1c5fb8;color:#ffffff;font-weight:bold;text-decoration:none;' +
  'padding:12px 20px;border-radius:4px;font-family:Arial,Helvetica,sans-serif;font-size:16px';

function block(b: HtmlBlock): string {
  if ('paragraph' in b) return `<p style="margin:0 0 16px">${lines(b.paragraph)}</p>`;
  const items = b.items
    .map(
      (i) =>
        `<li style="margin:0 0 8px">${i.link ? anchor({ text: i.text, href: i.link }, LINK) : lines(i.text)}</li>`,
    )
    .join('');
  return `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(b.heading)}</h2><ul style="margin:0 0 16px;padding-left:24px">${items}</ul>`;
}

export function renderHtmlMail(mail: HtmlMail): string {
  const action =
    mail.action && safeHref(mail.action.href)
      ? `<p style="margin:24px 0">${anchor(mail.action, BUTTON)}</p>`
      : '';
  const footer = (mail.footer ?? [])
    .map((f) => `<p style="margin:0 0 8px">${typeof f === 'string' ? lines(f) : anchor(f, LINK)}</p>`)
    .join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f3f5">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;background:#ffffff;border:1px solid #dee2e6;border-radius:6px"><tr><td style="padding:24px;${TEXT}">`,
    `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(mail.title)}</h1>`,
    ...mail.blocks.map(block),
    action,
    footer
      ? `<div style="border-top:1px solid #dee2e6;margin-top:24px;padding-top:16px;font-size:13px;color:#495057">${footer}</div>`
      : '',
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
}
