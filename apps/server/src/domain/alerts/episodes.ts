import type { AlertKind } from '@kestrel/contract';

/**
 * Episode logic (docs/messages.md §2), pure: given the conditions that hold now and the episodes
 * still open, which episodes to open and which to resolve. An alert is raised when its condition
 * starts to hold (a new episode), not at every evaluation while it holds; it is resolved when the
 * condition clears, and a later return of the condition is a new episode.
 */
export interface Condition {
  kind: AlertKind;
  /** What the condition is about, unique within its kind: 'device:7', 'tube:3:red', 'site:2'. */
  subject: string;
  customerId: number | null;
  siteId: number | null;
  deviceId: number | null;
  /** One line naming the alert (the message subject). */
  title: string;
  /** What happened and what to do (the message body). */
  body: string;
}

export interface OpenEpisode {
  id: number;
  kind: AlertKind;
  subject: string;
}

export interface EpisodePlan<E extends OpenEpisode> {
  open: Condition[];
  resolve: E[];
}

const keyOf = (e: { kind: AlertKind; subject: string }) => `${e.kind}\u0000${e.subject}`;

/**
 * `evaluated` are the kinds whose conditions were all looked at in this run: an open episode of
 * a kind not evaluated (its check was skipped) is left alone rather than resolved by omission.
 */
export function planEpisodes<E extends OpenEpisode>(
  holding: readonly Condition[],
  open: readonly E[],
  evaluated: readonly AlertKind[],
): EpisodePlan<E> {
  const openKeys = new Set(open.map(keyOf));
  const holdingKeys = new Set(holding.map(keyOf));
  const seen = new Set<string>();
  const toOpen: Condition[] = [];
  for (const c of holding) {
    const k = keyOf(c);
    if (openKeys.has(k) || seen.has(k)) continue;
    seen.add(k);
    toOpen.push(c);
  }
  const kinds = new Set(evaluated);
  return { open: toOpen, resolve: open.filter((e) => kinds.has(e.kind) && !holdingKeys.has(keyOf(e))) };
}
