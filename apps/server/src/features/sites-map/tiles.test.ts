import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { mapTileSources, mapTilesOf } from './tiles';

const base = { NODE_ENV: 'test' as const };

describe('map tile configuration', () => {
  it('is off by default: the offline map and no extra CSP source', () => {
    const c = loadConfig(base);
    expect(mapTilesOf(c)).toBeNull();
    expect(mapTileSources(c)).toEqual([]);
  });

  it('sends the key only when the URL template asks for it', () => {
    const withKey = loadConfig({
      ...base,
      MAP_TILE_URL: 'https://t.example.com/{z}/{x}/{y}.png?k={apiKey}',
      MAP_API_KEY: 's3',
    });
    expect(mapTilesOf(withKey)).toMatchObject({ apiKey: 's3' });
    const without = loadConfig({
      ...base,
      MAP_TILE_URL: 'https://{s}.t.example.com/{z}/{x}/{y}.png',
      MAP_API_KEY: 's3',
    });
    expect(mapTilesOf(without)).toMatchObject({ apiKey: null });
    expect(mapTileSources(without)).toEqual(['https://*.t.example.com']);
  });

  it('refuses a template that is not an absolute URL, lacks a tile placeholder or misses its key', () => {
    expect(() => loadConfig({ ...base, MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ ...base, MAP_TILE_URL: 'https://t.example.com/tiles.png' })).toThrow(
      /must contain \{z\}, \{x\} and \{y\}/,
    );
    expect(() =>
      loadConfig({ ...base, MAP_TILE_URL: 'https://t.example.com/{z}/{x}/{y}?k={apiKey}' }),
    ).toThrow(/MAP_API_KEY/);
  });
});
