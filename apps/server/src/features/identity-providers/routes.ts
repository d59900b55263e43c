import { envelope, identityProvider, identityProviderInput, idText } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionAccess } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { createProvider, customerChoices, deleteProvider, listProviders, updateProvider } from './service';

/** Identity providers for company sign-in (docs/sso.md): provider administrators only. */
export const identityProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = sessionAccess({ roles: ['provider_admin'] });
  const params = z.strictObject({ id: idText });
  const actor = (request: { auth: { user: { id: number; email: string } } | null; ip?: string }) => ({
    id: request.auth!.user.id,
    email: request.auth!.user.email,
    ip: request.ip ?? null,
  });

  app.get(
    '/ha/identityProviders',
    { config: { access }, schema: { tags: ['sso'], response: { 200: envelope(z.array(identityProvider)) } } },
    async () => ok(await listProviders(app)),
  );
  // The customers a provider can be set up for (the page's customer choice).
  app.get(
    '/ha/identityProviders/customers',
    {
      config: { access },
      schema: {
        tags: ['sso'],
        response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string() }))) },
      },
    },
    async () => ok(await customerChoices(app)),
  );
  app.post(
    '/ha/identityProviders',
    {
      config: { access },
      schema: { tags: ['sso'], body: identityProviderInput, response: { 200: envelope(identityProvider) } },
    },
    async (request) => ok(await createProvider(app, actor(request), request.body)),
  );
  app.put(
    '/ha/identityProviders/:id',
    {
      config: { access },
      schema: {
        tags: ['sso'],
        params,
        body: identityProviderInput,
        response: { 200: envelope(identityProvider) },
      },
    },
    async (request) => ok(await updateProvider(app, actor(request), request.params.id, request.body)),
  );
  app.delete(
    '/ha/identityProviders/:id',
    { config: { access }, schema: { tags: ['sso'], params, response: { 200: envelope(z.string()) } } },
    async (request) => {
      await deleteProvider(app, actor(request), request.params.id);
      return ok('The identity provider was removed.');
    },
  );
};
