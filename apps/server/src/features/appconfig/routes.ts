import fs from 'node:fs';
import path from 'node:path';
import { appConfig, envelope } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { mapTilesOf } from '../sites-map/tiles';
import { loginOptions } from '../sso/providers';
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
    // Each SSO session gets its own logout-window address at sign-in (docs/sso.md).
    ssoLogoutUrl: null,
    ...sessionTimings(c),
    rightClickDisabled: c.RIGHT_CLICK_DISABLED,
    version: productVersion,
    build: c.BUILD_ID,
    supportEmail: c.SUPPORT_EMAIL,
    supportPhone: c.SUPPORT_PHONE ?? null,
    mapTiles: mapTilesOf(c),
  };
  app.get(
    '/appconfig',
    {
      config: { access: publicAccess },
      schema: { tags: ['portal'], response: { 200: envelope(appConfig) } },
    },
    // Whether the login page offers company sign-in follows the identity providers configured now.
    async () => ok({ ...result, ...(await loginOptions(app)) }),
  );
};
