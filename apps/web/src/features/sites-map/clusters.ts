import type { ConnectionStatus, SitesMapSite } from '@kestrel/contract';
import { severityOf, statusOfSeverity } from '@kestrel/contract/sites-map';
import Supercluster, { type ClusterProperties } from 'supercluster';

/** What one point of a site carries, and what a cluster adds up (its worst site's status). */
interface PointProps {
  siteId: number;
  severity: number;
}
interface ClusterProps {
  severity: number;
}

export type SiteIndex = Supercluster<PointProps, ClusterProps>;

/** One thing to draw: a site, or a cluster of sites (coloured by its worst site). */
export type MapMarker =
  | { kind: 'site'; lat: number; lng: number; status: ConnectionStatus; site: SitesMapSite }
  | { kind: 'cluster'; lat: number; lng: number; status: ConnectionStatus; count: number; clusterId: number };

/** Pixels within which sites merge into a cluster, and the zoom from which every site stands alone. */
export const CLUSTER_RADIUS = 48;
export const CLUSTER_MAX_ZOOM = 11;

/**
 * A spatial index of the located sites (supercluster): `map` gives each point its status's
 * severity and `reduce` keeps the worst, so a cluster is as red as its reddest site.
 */
export function indexSites(sites: readonly SitesMapSite[]): {
  index: SiteIndex;
  byId: Map<number, SitesMapSite>;
} {
  const index: SiteIndex = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
    map: (p) => ({ severity: p.severity }),
    reduce: (acc, p) => {
      acc.severity = Math.max(acc.severity, p.severity);
    },
  });
  const located = sites.filter((s) => s.latitude !== null && s.longitude !== null);
  index.load(
    located.map((s) => ({
      type: 'Feature' as const,
      properties: { siteId: s.id, severity: severityOf(s.status) },
      geometry: { type: 'Point' as const, coordinates: [s.longitude!, s.latitude!] },
    })),
  );
  return { index, byId: new Map(located.map((s) => [s.id, s])) };
}

/** The markers to draw for a view: [west, south, east, north] in degrees, at a whole zoom. */
export function markersIn(
  { index, byId }: ReturnType<typeof indexSites>,
  bbox: [number, number, number, number],
  zoom: number,
): MapMarker[] {
  return index.getClusters(bbox, Math.round(zoom)).flatMap((f): MapMarker[] => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties as Partial<ClusterProperties> & Partial<PointProps> & ClusterProps;
    if (p.cluster) {
      return [
        {
          kind: 'cluster',
          lat,
          lng,
          status: statusOfSeverity(p.severity),
          count: p.point_count!,
          clusterId: p.cluster_id!,
        },
      ];
    }
    const site = byId.get(p.siteId!);
    return site
      ? [{ kind: 'site', lat: site.latitude!, lng: site.longitude!, status: site.status, site }]
      : [];
  });
}
