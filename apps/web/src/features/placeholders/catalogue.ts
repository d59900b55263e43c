/**
 * What each signed-in route becomes (product §2) and which piece of work brings its data.
 * Until then the page says so honestly instead of showing an empty screen.
 */
const MESSAGES = 'the messages and alerts release';

export interface Placeholder {
  purpose: string;
  comingWith: string;
  links?: { label: string; to: string }[];
}

const RELEASE_NOTES = { label: 'Read the release notes', to: '/release-notes' };

export const PLACEHOLDERS: Record<string, Placeholder> = {
  'email/inbox': {
    purpose: 'Messages and alerts: tube alerts, connection alerts and release notices.',
    comingWith: MESSAGES,
    links: [RELEASE_NOTES],
  },
  'email/read': { purpose: 'A message or alert.', comingWith: MESSAGES },
  'email/compose': { purpose: 'Write a message to your provider contacts.', comingWith: MESSAGES },
};
