import type { ConnectionStatus, SitesMapSite } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { PILL_COLOURS } from '../devices/status-colours';
import { CLUSTER_MAX_ZOOM, indexSites, markersIn } from './clusters';
import { clusterLabel, markerColours, siteLabel, splitByLocation } from './markers';

let nextId = 1;
const site = (status: ConnectionStatus, latitude: number | null, longitude: number | null): SitesMapSite => {
  const id = nextId++;
  return {
    id,
    name: `Site ${id}`,
    customerId: 1,
    customerName: 'Northwind',
    city: null,
    latitude,
    longitude,
    status,
    devices: 1,
    connection: {
      GREEN: status === 'GREEN' ? 1 : 0,
      YELLOW: status === 'YELLOW' ? 1 : 0,
      RED: status === 'RED' ? 1 : 0,
      unavailable: status === null ? 1 : 0,
    },
  };
};
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('marker colours and labels', () => {
  it('use the status pill colours, grey for a site never heard from', () => {
    expect(markerColours('GREEN')).toBe(PILL_COLOURS.green);
    expect(markerColours('YELLOW')).toBe(PILL_COLOURS.yellow);
    expect(markerColours('RED')).toBe(PILL_COLOURS.red);
    expect(markerColours(null)).toBe(PILL_COLOURS.grey);
  });

  it('say the status in words', () => {
    const s = {
      ...site('RED', 1, 1),
      name: 'Lakeside',
      devices: 3,
      connection: { GREEN: 1, YELLOW: 0, RED: 1, unavailable: 1 },
    };
    expect(siteLabel(s)).toBe('Lakeside (Northwind): RED, 3 devices — 1 RED, 1 GREEN, 1 unavailable');
    expect(
      siteLabel({
        ...s,
        status: null,
        devices: 0,
        connection: { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 },
      }),
    ).toBe('Lakeside (Northwind): unavailable, 0 devices');
    expect(clusterLabel(4, 'YELLOW')).toBe('4 sites, worst status YELLOW: zoom in');
  });

  it('list sites without coordinates apart', () => {
    const a = site('GREEN', 41, -87);
    const b = site('RED', null, null);
    expect(splitByLocation([a, b])).toEqual({ located: [a], unlocated: [b] });
  });
});

describe('clustering', () => {
  // Three sites in Chicago, two in Boston, one in Manchester.
  const chicago = [site('GREEN', 41.88, -87.63), site('RED', 41.89, -87.64), site(null, 41.87, -87.62)];
  const boston = [site('GREEN', 42.36, -71.06), site(null, 42.37, -71.1)];
  const manchester = site('YELLOW', 53.48, -2.24);
  const all = [...chicago, ...boston, manchester, site('RED', null, null)];
  const indexed = indexSites(all);

  it('merges nearby sites when zoomed out, the cluster as bad as its worst site', () => {
    const markers = markersIn(indexed, WORLD, 1);
    const clusters = markers.filter((m) => m.kind === 'cluster');
    const lone = markers.filter((m) => m.kind === 'site');
    // At world zoom Chicago and Boston are one cluster of five (RED: one Chicago site is RED).
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 5, status: 'RED' });
    expect(lone).toHaveLength(1);
    expect(lone[0]).toMatchObject({ status: 'YELLOW', site: manchester });
    expect(lone[0]!.lat).toBeCloseTo(53.48, 4);
    // One step closer the two cities part: Chicago RED, Boston GREEN (GREEN outranks grey).
    const closer = markersIn(indexed, WORLD, 3).filter((m) => m.kind === 'cluster');
    expect(closer.map((m) => (m.kind === 'cluster' ? [m.count, m.status] : null)).sort()).toEqual([
      [2, 'GREEN'],
      [3, 'RED'],
    ]);
  });

  it('a cluster of GREEN and never-heard sites is GREEN; one of grey sites alone stays grey', () => {
    const b = markersIn(indexSites(boston), WORLD, 4);
    expect(b).toEqual([expect.objectContaining({ kind: 'cluster', count: 2, status: 'GREEN' })]);
    const greys = indexSites([site(null, 10, 10), site(null, 10.01, 10.01)]);
    expect(markersIn(greys, WORLD, 3)).toEqual([expect.objectContaining({ kind: 'cluster', status: null })]);
  });

  it('counts every located site once at every zoom, and shows each alone when zoomed in', () => {
    for (const zoom of [1, 3, 5, 8, CLUSTER_MAX_ZOOM + 1]) {
      const total = markersIn(indexed, WORLD, zoom).reduce(
        (n, m) => n + (m.kind === 'cluster' ? m.count : 1),
        0,
      );
      expect(total).toBe(6);
    }
    const close = markersIn(indexed, WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(close.every((m) => m.kind === 'site')).toBe(true);
    expect(close.map((m) => (m.kind === 'site' ? m.site.id : 0)).sort((x, y) => x - y)).toEqual(
      [...chicago, ...boston, manchester].map((s) => s.id),
    );
  });

  it('zooming into a cluster splits it', () => {
    const [cluster] = markersIn(indexed, WORLD, 1).filter((m) => m.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    const zoom = indexed.index.getClusterExpansionZoom(cluster.clusterId);
    expect(zoom).toBeGreaterThan(1);
    expect(markersIn(indexed, WORLD, zoom).length).toBeGreaterThan(2);
  });
});
