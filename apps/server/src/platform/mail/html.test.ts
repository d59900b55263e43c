import { describe, expect, it } from 'vitest';
import { renderHtmlMail } from './html';

describe('HTML e-mails (platform/mail/html.ts)', () => {
  it('links only web addresses; anything else is shown as text', () => {
    const html = renderHtmlMail({
      title: 'T',
      blocks: [{ heading: 'Links', items: [{ text: 'bad', link: 'javascript:alert(1)' }] }],
      action: { text: 'Open', href: 'data:text/html,<b>x</b>' },
      footer: [{ text: 'Inbox', href: 'https://k.test/email/inbox' }],
    });
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain('<li style="margin:0 0 8px">bad</li>');
    expect(html).not.toContain('>Open</a>');
    expect(html).toContain('<a href="https://k.test/email/inbox"');
  });

  it('escapes the title, the headings and every item', () => {
    const html = renderHtmlMail({
      title: '<i>t</i>',
      blocks: [{ heading: 'a & b', items: [{ text: '"q" <x>', link: 'https://k.test/?a=1&b=2' }] }],
    });
    expect(html).toContain(
      '<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">&lt;i&gt;t&lt;/i&gt;</h1>',
    );
    expect(html).toContain('>a &amp; b</h2>');
    expect(html).toContain('href="https://k.test/?a=1&amp;b=2"');
    expect(html).toContain('>&quot;q&quot; &lt;x&gt;</a>');
  });
});
