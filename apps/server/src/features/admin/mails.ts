/** The texts of Kestrel's administrative mails (plain text: every mail client shows it). */
interface LinkMail {
  productName: string;
  providerName: string;
  displayName: string;
  inviter: string;
  link: string;
  expiresAt: Date;
}

const until = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function invitationMail(m: LinkMail) {
  return {
    subject: `You are invited to ${m.productName}`,
    text: [
      `Hello ${m.displayName},`,
      '',
      `${m.inviter} has invited you to ${m.productName}, the fleet portal of ${m.providerName}.`,
      'Open this link to choose your password:',
      '',
      m.link,
      '',
      `The link works once and until ${until(m.expiresAt)}. If it has expired, ask ${m.inviter} for a new one.`,
      'If you did not expect this invitation, you can ignore this mail.',
    ].join('\n'),
  };
}

export function resetMail(m: LinkMail) {
  return {
    subject: `Reset your ${m.productName} password`,
    text: [
      `Hello ${m.displayName},`,
      '',
      `An administrator (${m.inviter}) has started a password reset for your ${m.productName} account.`,
      'Open this link to choose a new password:',
      '',
      m.link,
      '',
      `The link works once and until ${until(m.expiresAt)}. Your current password keeps working until you set a new one.`,
      'If you did not ask for this, tell your administrator.',
    ].join('\n'),
  };
}
