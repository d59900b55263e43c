import type { CurrentSite } from '@kestrel/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getSelection, select } from '../../app/session/selection';

/**
 * The site of a site page: `?site=` in the URL (so links and reloads keep it), else the shared
 * selection (local storage `site`), else the first site the caller may see. The chosen site's
 * name goes to the shared selection, from which the shell titles the page '{site} - {label}'.
 */
export function useSiteParam(sites: CurrentSite[] | undefined, required = true) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('site');
  const site = sites?.find((s) => String(s.id) === fromUrl) ?? null;

  useEffect(() => {
    if (!sites?.length || !required || fromUrl) return;
    const stored = sites.find((s) => String(s.id) === getSelection().site);
    const next = new URLSearchParams(params);
    next.set('site', String((stored ?? sites[0]!).id));
    setParams(next, { replace: true });
  }, [sites, required, fromUrl, params, setParams]);

  useEffect(() => {
    if (site) select({ site: String(site.id), siteName: site.displayName });
  }, [site]);

  const choose = (s: CurrentSite | null) => {
    const next = new URLSearchParams(params);
    if (s) next.set('site', String(s.id));
    else next.delete('site');
    setParams(next);
  };
  return { site, siteId: fromUrl ? Number(fromUrl) : null, choose };
}
