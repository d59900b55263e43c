import type { MenuItem, MenuSection } from '@kestrel/contract';
import { useSideMenu } from '../../../api/hooks';
import { applicationId } from '../../../app/session/storage';

export interface SiteOption {
  id: number;
  name: string;
}

/** The sites the caller may see, as the server's menu lists them (one entry per site). */
export function sitesOfMenu(sections: MenuSection[]): SiteOption[] {
  const found = new Map<number, string>();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      if (
        item.type === 'sub' &&
        item.location_id !== undefined &&
        item.state === 'hc-dashboards/SiteViewComponent'
      )
        found.set(item.location_id, item.name);
      if (item.children) walk(item.children);
    }
  };
  for (const s of sections) walk(s.main);
  return [...found.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Reuses the shell's menu query (same key), so choosing a site costs no extra request. */
export function useSites() {
  const menu = useSideMenu(applicationId(), true);
  return { sites: sitesOfMenu(menu.data ?? []), isLoading: menu.isLoading };
}
