import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = NonNullable<InjectOptions['method']>;

import type { z } from 'zod';
import type { RouteAccess } from '../platform/auth/access';
import { accessOf, type RegisteredRoute, schemaOf } from '../platform/auth/guard';

/**
 * Requests built from the routes themselves, for the access matrix and the hostile-input tests:
 * every route the app registered, with a valid request derived from its zod schemas (ids and dates
 * filled as the test picks), so that a new route is tested by being declared.
 */

type Schema = z.ZodType;
// zod 4 keeps a schema's definition in `_zod.def`; its type names the kind of schema.
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  left?: Schema;
  right?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: Schema;
  items?: Schema[];
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

export interface ApiRoute {
  method: string;
  /** As registered, e.g. /api/widgets/:id */
  url: string;
  access: RouteAccess;
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
}

/** The app's routes that take requests (HEAD mirrors GET and is checked apart). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return app.routeTable
    .filter((r: RegisteredRoute) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => {
      const schema = (schemaOf(r) ?? {}) as { params?: Schema; querystring?: Schema; body?: Schema };
      return {
        method: r.method,
        url: r.url,
        access: accessOf(r)!,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      };
    });
}

/** Optional, default, nullable, readonly and the input side of pipes: the value a client sends. */
export function unwrap(s: Schema): Schema {
  for (let d = defOf(s); ; d = defOf(s)) {
    if (['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional'].includes(d.type))
      s = d.innerType!;
    else if (d.type === 'pipe') s = d.in!;
    else return s;
  }
}

/** The fields of an object schema (intersections merged); null for anything else. */
export function shapeOf(s: Schema): Record<string, Schema> | null {
  const inner = unwrap(s);
  const d = defOf(inner);
  if (d.type === 'object') return d.shape!;
  if (d.type === 'intersection') {
    const l = shapeOf(d.left!);
    const r = shapeOf(d.right!);
    return l && r ? { ...l, ...r } : null;
  }
  return null;
}

const isOptional = (s: Schema) => {
  for (let cur = s; ; ) {
    const d = defOf(cur);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') return true;
    if (['nullable', 'readonly', 'catch'].includes(d.type)) cur = d.innerType!;
    else if (d.type === 'pipe') cur = d.in!;
    else return false;
  }
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What a test wants in a field (an id of a given tenant, a date), by the field's name; undefined
 * leaves the field to the sampler (optional fields are then left out).
 */
export type FieldPicker = (key: string) => unknown;

/** Plausible values of a schema, most likely first (validity is checked by parsing). */
function candidates(s: Schema, pick: FieldPicker, key: string): unknown[] {
  const inner = unwrap(s);
  const d = defOf(inner);
  const chosen = pick(key);
  const id = typeof chosen === 'number' ? chosen : undefined;
  if (chosen !== undefined && d.type !== 'array') {
    return [chosen, ...candidates(s, () => undefined, key).filter((c) => c !== chosen)];
  }
  switch (d.type) {
    case 'enum':
      return Object.values(d.entries!);
    case 'literal':
      return d.values!;
    case 'boolean':
      return [true, false];
    case 'number':
      return id !== undefined ? [id] : [1, 0, 10, 100, 1000, 1001];
    case 'string': {
      const dates = [today(), `${today()}T00:00:00Z`];
      const words = [
        'Test name',
        'someone@example.com',
        'Kestrel-test-Pa55word!',
        'true',
        '1',
        '1001',
        'csv',
        // An opaque one-time code or key (company sign-in), and an https address (an issuer).
        'Kestrel_test_code_0123456789abcdefghij',
        'https://login.example.com/tenant',
        // A one-time code (TOTP: six digits).
        '123456',
        // A software version (releases) and a clock time (maintenance windows).
        '1.0.0',
        '01:00',
      ];
      // A password link's token has a fixed shape (pl_ and 43 base64url characters).
      if (key === 'token') return [`pl_${'A'.repeat(43)}`];
      const dateLike = /date|from|to$|At$|due|installed/i.test(key);
      return [
        ...(id !== undefined ? [String(id)] : []),
        ...(dateLike ? [...dates, ...words] : [...words, ...dates]),
      ];
    }
    case 'array': {
      if (Array.isArray(chosen)) return [chosen];
      // One-element arrays of the element's candidates, the picked one first (a picker may name a
      // key by a pattern that also catches a list of something else, e.g. deviceTypes).
      const element = candidates(d.element!, pick, key);
      return element.length ? element.map((e) => [e]) : [[]];
    }
    case 'union':
      return d.options!.flatMap((o) => candidates(o, pick, key));
    case 'object':
    case 'intersection': {
      const sample = sampleValue(inner, pick, 'json');
      return sample === undefined ? [] : [sample];
    }
    case 'record':
      return [{}];
    default:
      return ['x'];
  }
}

/** A value as it travels in a query string or a path: text. */
const asText = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(asText) : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;

/**
 * A valid value for the schema: required fields, and every field `pick` chooses a value for (so a
 * request can target given records). Fields are tried with their candidates in turn until the
 * whole value parses. undefined when none is found.
 */
export function sampleValue(s: Schema, pick: FieldPicker, form: 'json' | 'text'): unknown {
  const tidy = (v: unknown) => (form === 'text' ? asText(v) : v);
  const inner = unwrap(s);
  if (defOf(inner).type === 'union') {
    for (const option of defOf(inner).options!) {
      const v = sampleValue(option, pick, form);
      if (v !== undefined && s.safeParse(v).success) return v;
    }
    return undefined;
  }
  const shape = shapeOf(s);
  if (!shape) {
    return candidates(s, pick, '')
      .map(tidy)
      .find((v) => s.safeParse(v).success);
  }
  const keys = Object.keys(shape).filter((k) => !isOptional(shape[k]!) || pick(k) !== undefined);
  const options = Object.fromEntries(keys.map((k) => [k, candidates(shape[k]!, pick, k).map(tidy)]));
  const choice: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = Object.fromEntries(keys.map((k) => [k, options[k]![choice[k]!]]));
    const parsed = s.safeParse(value);
    if (parsed.success) return value;
    const failing = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    let moved = false;
    for (const k of keys) {
      if (failing.has(k) && choice[k]! + 1 < options[k]!.length) {
        choice[k]!++;
        moved = true;
      }
    }
    if (!moved) return undefined;
  }
  return undefined;
}

export interface BuiltRequest {
  method: Method;
  url: string;
  query?: Record<string, unknown>;
  payload?: unknown;
}

/** A valid request to the route, fields chosen by `pick`; throws when none can be built. */
export function requestFor(route: ApiRoute, pick: FieldPicker): BuiltRequest {
  const fail = (part: string) => {
    throw new Error(
      `Cannot build a valid ${part} for ${route.method} ${route.url}: teach test/route-requests.ts its fields.`,
    );
  };
  let url = route.url;
  if (route.params) {
    const params = sampleValue(route.params, pick, 'text') as Record<string, string> | undefined;
    if (!params) fail('path');
    for (const [k, v] of Object.entries(params!)) url = url.replace(`:${k}`, encodeURIComponent(v));
  }
  // Path parameters without a schema (wildcards of static routes) get a harmless value.
  url = url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
  const out: BuiltRequest = { method: route.method as Method, url };
  if (route.querystring) {
    const query = sampleValue(route.querystring, pick, 'text');
    if (query === undefined) fail('query string');
    out.query = query as Record<string, unknown>;
  }
  if (route.body) {
    const body = sampleValue(route.body, pick, 'json');
    if (body === undefined) fail('body');
    out.payload = body;
  }
  return out;
}

/** Every field a request sends (path, query and body), for replacing one at a time. */
export function fieldsOf(route: ApiRoute): { part: 'params' | 'query' | 'body'; key: string }[] {
  const list = (part: 'params' | 'query' | 'body', s?: Schema) =>
    Object.keys((s && shapeOf(s)) ?? {}).map((key) => ({ part, key }));
  return [...list('params', route.params), ...list('query', route.querystring), ...list('body', route.body)];
}
