import type { AppConfig } from '@kestrel/contract';
import { tileSource } from '@kestrel/contract/sites-map';
import type { Config } from '../../platform/config';

type MapConfig = Pick<Config, 'MAP_TILE_URL' | 'MAP_API_KEY' | 'MAP_ATTRIBUTION'>;

/**
 * What the browser needs to draw the sites map from the tile service (docs/map.md), or null for
 * the bundled offline map. The key goes out only when the URL template asks for it ({apiKey}):
 * a tile key is sent with every tile request anyway, so it is no secret from the browser.
 */
export function mapTilesOf(c: MapConfig): AppConfig['mapTiles'] {
  if (!c.MAP_TILE_URL) return null;
  return {
    url: c.MAP_TILE_URL,
    apiKey: c.MAP_TILE_URL.includes('{apiKey}') ? (c.MAP_API_KEY ?? null) : null,
    attribution: c.MAP_ATTRIBUTION,
  };
}

/** CSP sources for the tile host: exactly the configured one, none without a tile service. */
export function mapTileSources(c: MapConfig): string[] {
  const source = c.MAP_TILE_URL ? tileSource(c.MAP_TILE_URL) : null;
  return source ? [source] : [];
}
