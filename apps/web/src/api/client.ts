import { token } from '../app/session/storage';

/** A response with an error status; `body` is the server's JSON error (product §8), if any. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`${status} ${statusText}`);
  }
}

/** The server could not be reached at all (product §8: maintenance/offline-ui). */
export class NetworkError extends Error {
  constructor() {
    super('The server cannot be reached.');
  }
}

export type ApiError = HttpError | NetworkError;

let handler: (error: ApiError) => void = () => {};
/** The one place that reacts to failed calls (app/http-errors.ts installs it). */
export const setErrorHandler = (h: (error: ApiError) => void) => {
  handler = h;
};

/** Product §7: the time of the last successful response, which the idle check reads. */
let lastSuccessAt = Date.now();
export const lastSuccess = () => lastSuccessAt;
export const markSuccess = (at = Date.now()) => {
  lastSuccessAt = at;
};

export interface Envelope<T> {
  success: boolean;
  result: T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The caller shows its own errors (sign-in form, logout); the shared handler stays out. */
  silent?: boolean;
  /**
   * A poll the app makes by itself (unread count, map statuses, rollout progress): its answer is
   * not the user's activity, so it does not restart the idle clock (product §4) — else a page that
   * polls would never time out.
   */
  background?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  // Product §5: every request says it speaks JSON, a GET without a body too.
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const t = token();
  if (t) headers['x-access-token'] = t;
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const error = new NetworkError();
    if (!options.silent) handler(error);
    throw error;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new HttpError(response.status, response.statusText, body);
    if (!options.silent) handler(error);
    throw error;
  }
  if (!options.background) markSuccess();
  return body as Envelope<T>;
}

export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, o),
  post: <T>(path: string, body: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...o, method: 'POST', body }),
};
