import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let loaded: Promise<FeatureCollection> | undefined;

/**
 * The world's countries at 1:110 million (Natural Earth through the world-atlas package), bundled
 * so the map works with no network at all (docs/map.md); ~100 kB, fetched with the first map.
 */
export function worldOutlines(): Promise<FeatureCollection> {
  loaded ??= import('world-atlas/countries-110m.json').then((m) => {
    const topology = (m.default ?? m) as unknown as Topology<{ countries: GeometryCollection }>;
    return feature(topology, topology.objects.countries) as FeatureCollection;
  });
  return loaded;
}
