import fs from 'node:fs';
import path from 'node:path';
import { appConfig, envelope } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { sessionTimings } from './timings';

const rootPackage = path.resolve(import.meta.dirname, '../../../../../package.json');
const productVersion = (() => {
  try {
    return (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version?: string }).version ?? '0.1.0';
  } catch {
    return '0.1.0';
  }
})();

/** What the browser needs before sign-in; public, and free of anything about a customer. */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const result = {
    productName: c.PRODUCT_NAME,
    providerName: c.PROVIDER_NAME,
    providerSlug: c.PROVIDER_SLUG,
    privacyPolicyUrl: c.PRIVACY_POLICY_URL,
    // Company single sign-on arrives with its own issue; until then the button stays hidden.
    ssoEnabled: false,
    ssoLogoutUrl: null,
    ...sessionTimings(c),
    rightClickDisabled: c.RIGHT_CLICK_DISABLED,
    version: productVersion,
    build: c.BUILD_ID,
    supportEmail: c.SUPPORT_EMAIL,
    supportPhone: c.SUPPORT_PHONE ?? null,
  };
  app.get(
    '/appconfig',
    {
      config: { access: publicAccess },
      schema: { tags: ['portal'], response: { 200: envelope(appConfig) } },
    },
    async () => ok(result),
  );
};
