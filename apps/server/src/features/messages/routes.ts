import {
  alertPreferences,
  archiveRequest,
  composeRequest,
  envelope,
  inboxPage,
  inboxQuery,
  messageDetail,
  messageIdParams,
  recipient,
  unreadCount,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { compose, recipientsOf } from './compose';
import { unreadCount as countUnread, listInbox, markUnread, readMessage, setArchived } from './inbox';
import { messageDeps } from './monitor';
import { readPreferences, savePreferences } from './preferences';

/**
 * Messages and alerts (docs/messages.md): every signed-in user has an inbox of their own; every
 * route reads and changes the caller's own messages only.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];
  const done = envelope(z.object({ id: z.number() }));

  app.get(
    '/messages',
    {
      config: { access: signedIn },
      schema: { tags, querystring: inboxQuery, response: { 200: envelope(inboxPage) } },
    },
    async (request) => ok(await listInbox(app.db, request.user.id, request.query)),
  );
  app.get(
    '/messages/unread-count',
    // Polled by the header: not the user's activity, so it does not extend the session.
    {
      config: { access: signedIn, touch: false },
      schema: { tags, response: { 200: envelope(unreadCount) } },
    },
    async (request) => ok({ unread: await countUnread(app.db, request.user.id) }),
  );
  app.get(
    '/messages/recipients',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(z.array(recipient)) } } },
    async (request) => ok(await recipientsOf(app.db, request.user, await request.scope())),
  );
  app.get(
    '/messages/preferences',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(alertPreferences) } } },
    async (request) => ok({ preferences: await readPreferences(app.db, request.user.id) }),
  );
  app.put(
    '/messages/preferences',
    {
      config: { access: signedIn },
      schema: { tags, body: alertPreferences, response: { 200: envelope(alertPreferences) } },
    },
    async (request) =>
      ok({
        preferences: await savePreferences(app.db, request.user.id, request.body.preferences, app.now()),
      }),
  );
  app.get(
    '/messages/:id',
    {
      config: { access: signedIn },
      schema: { tags, params: messageIdParams, response: { 200: envelope(messageDetail) } },
    },
    async (request) => {
      const scope = await request.scope();
      const mayWrite = async (userId: number) =>
        (await recipientsOf(app.db, request.user, scope)).some((r) => r.userId === userId);
      return ok(await readMessage(app.db, request.user.id, request.params.id, app.now(), mayWrite));
    },
  );
  app.post(
    '/messages/:id/unread',
    { config: { access: signedIn }, schema: { tags, params: messageIdParams, response: { 200: done } } },
    async (request) => {
      await markUnread(app.db, request.user.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
  app.post(
    '/messages/:id/archive',
    {
      config: { access: signedIn },
      schema: { tags, params: messageIdParams, body: archiveRequest, response: { 200: done } },
    },
    async (request) => {
      await setArchived(app.db, request.user.id, request.params.id, request.body.archived, app.now());
      return ok({ id: request.params.id });
    },
  );
  app.post(
    '/messages',
    { config: { access: signedIn }, schema: { tags, body: composeRequest, response: { 200: done } } },
    async (request) => ok(await compose(messageDeps(app), request.user, await request.scope(), request.body)),
  );
};
