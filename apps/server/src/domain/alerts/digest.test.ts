import { describe, expect, it } from 'vitest';
import { digestMail, groupDigest } from './digest';

const at = (h: number) => new Date(Date.UTC(2026, 0, 5, h));

describe('daily digest (docs/messages.md §3)', () => {
  const items = [
    {
      kind: 'tube_alert' as const,
      subject: 'Replace Tube: A SN 1',
      createdAt: at(8),
      link: '/device-details?deviceId=1',
    },
    {
      kind: 'connection_alert' as const,
      subject: 'Device offline (RED): B SN 2',
      createdAt: at(9),
      link: null,
    },
    { kind: 'tube_alert' as const, subject: 'Schedule Replacement: C SN 3', createdAt: at(10), link: null },
  ];

  it('groups by kind in a fixed order, newest first within a kind', () => {
    const groups = groupDigest(items);
    expect(groups.map((g) => g.kind)).toEqual(['connection_alert', 'tube_alert']);
    expect(groups[1]!.items.map((i) => i.subject)).toEqual([
      'Schedule Replacement: C SN 3',
      'Replace Tube: A SN 1',
    ]);
  });

  it('writes one mail naming the counts per kind, with links into the portal', () => {
    const mail = digestMail(items, 'https://k.test', 'Kestrel');
    expect(mail.subject).toBe('Kestrel daily digest: 1 device offline (red), 2 tube life');
    expect(mail.text).toContain('Tube life (2)');
    expect(mail.text).toContain('https://k.test/device-details?deviceId=1');
    expect(mail.text.indexOf('Device offline')).toBeLessThan(mail.text.indexOf('Tube life'));
  });
});
