import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point down: platform ← domain ← ingest / analytics ← features ← app (app.ts,
 * main.ts) — docs/architecture.md, "Layout". A layer imports only from its own and the layers
 * below; ingest and analytics are one level (ingest queues rollup inputs, analytics folds them).
 * Features reach ingest only through a part's entry (`ingest/pipeline`, its index), never its
 * store or the files behind an entry: what a feature shares with ingest (technologist names, site
 * time) lives in domain/. Test files and src/test/ may import anything. `demo/` loads the fleet
 * through ingest and drives features (the living demo); it is not ranked here.
 */
const SRC = resolve(import.meta.dirname);

const LAYERS = ['platform', 'domain', 'ingest', 'analytics', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number];
/** Each layer and the layers it may import from. */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  platform: ['platform'],
  domain: ['platform', 'domain'],
  ingest: ['platform', 'domain', 'ingest', 'analytics'],
  analytics: ['platform', 'domain', 'analytics', 'ingest'],
  features: ['platform', 'domain', 'ingest', 'analytics', 'features'],
  app: ['platform', 'domain', 'ingest', 'analytics', 'features', 'app'],
};

/** A file's layer from its path under src ('features/devices/assign' → features), or null (demo, test). */
function layerOf(path: string): Layer | null {
  const top = path.split('/')[0]!;
  if (top === 'app' || top === 'main') return 'app';
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
}

/** Why importing `to` from `from` (paths under src, without extension) breaks the layering, or null. */
function layeringProblem(from: string, to: string): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return null;
  if (!MAY_IMPORT[a].includes(b)) return `${a} may not import ${b}`;
  if (a === 'features' && b === 'ingest') {
    const parts = to.replace(/\/index$/, '').split('/');
    if (parts[1] === 'store') return 'features may not import the ingest store';
    if (parts.length > 2)
      return 'features may import only an ingest part (its index), not the files behind it';
  }
  return null;
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' && dir === SRC ? [] : productionFiles(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [path] : [];
  });
}

/** Every relative import of the production files, as [from, to] paths under src without extension. */
function imports(): [string, string][] {
  const strip = (p: string) => relative(SRC, p).replace(/\.ts$/, '');
  return productionFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map(
      (m): [string, string] => [strip(file), strip(resolve(dirname(file), m[1]!))],
    ),
  );
}

describe('layering', () => {
  it('no production import points up (or into the ingest store from a feature)', () => {
    const offenders = imports().flatMap(([from, to]) => {
      const problem = layeringProblem(from, to);
      return problem ? [`${from} → ${to}: ${problem}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('sees the imports it checks, across layers', () => {
    const across = imports().filter(([from, to]) => {
      const a = layerOf(from);
      const b = layerOf(to);
      return a && b && a !== b;
    });
    expect(across.length).toBeGreaterThan(100);
  });

  it('refuses what the layering forbids', () => {
    expect(layeringProblem('domain/technologists/resolve', 'analytics/rollups')).toMatch(/domain/);
    expect(layeringProblem('domain/time/local-time', 'ingest/mapping/values')).toMatch(/domain/);
    expect(layeringProblem('platform/config', 'ingest/dimse/ae-title')).toMatch(/platform/);
    expect(layeringProblem('analytics/answer', 'features/devices/queries')).toMatch(/analytics/);
    expect(layeringProblem('features/devices/assign', 'ingest/store/technologists')).toMatch(/store/);
    expect(layeringProblem('features/devices/assign', 'ingest/store')).toMatch(/store/);
    expect(layeringProblem('features/x/y', 'ingest/pipeline/fast-path/plan')).toMatch(/index/);
    expect(layeringProblem('features/x/y', 'ingest/pipeline')).toBeNull();
    expect(layeringProblem('features/devices/assign', 'domain/technologists/resolve')).toBeNull();
    expect(layeringProblem('ingest/store/index', 'analytics/rollups')).toBeNull();
    expect(layeringProblem('main', 'features/devices/monitor')).toBeNull();
  });
});
