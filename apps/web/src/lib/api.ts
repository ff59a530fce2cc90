import { isApiErrorBody } from '@cusp/shared';
import { fromWire, type Domain } from './wire';

/** Base path of the REST API (same origin, docs/product.md §15.4). */
export const API_BASE = '/api';

/**
 * A failed call. `message` is the server's readable sentence ('' when the server sent none, e.g. a
 * network failure or a proxy's HTML page), so the UI can fall back to its own text (docs/product.md §14.9).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfter?: number,
    /** Each field's code (docs/decisions/0056): the form shows the field's text by it, in the reader's language. */
    readonly fieldCodes: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The sentence to show for a failed call: the server's message when present, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

type Body = { json: unknown } | { form: FormData } | undefined;

interface RequestOptions {
  signal?: AbortSignal;
}

/** How a call reaches the server: the browser's fetch, or the server itself when it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);
/** Server rendering (src/prerender.tsx) answers the page's calls in-process, with the reader's cookie. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

let languageHeader = 'en';
/** The UI language, sent as Accept-Language so the server can answer in it. */
export function setApiLanguage(language: string): void {
  languageHeader = language;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The ApiError for a failed answer's status and parsed body (fetch here, XMLHttpRequest for uploads). */
export function apiErrorFrom(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const retryAfter = Number(retryAfterHeader);
  const retry = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (isApiErrorBody(body)) return new ApiError(status, body.message, body.code, body.fieldErrors, retry, body.fieldCodes);
  return new ApiError(status, '', status === 0 ? 'NETWORK' : 'UNKNOWN', {}, retry);
}

async function request<T>(method: string, path: string, body: Body, options: RequestOptions = {}): Promise<Domain<T>> {
  return (await send<T>(method, path, body, options)).data;
}

/** A page of a list (docs/product.md §15.3): the items and the total from the X-Total-Count header. */
export interface Page<T> {
  items: T[];
  total: number;
  /** A searched list that found nothing: a close spelling that would find something (`X-Did-You-Mean`, docs/product.md §7.4). */
  didYouMean?: string;
}

/** `X-Did-You-Mean` is percent-encoded where it is not ASCII (the server's `didYouMeanHeader`). */
function didYouMeanOf(headers: Headers): string | undefined {
  const value = headers.get('X-Did-You-Mean');
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

async function send<T>(method: string, path: string, body: Body, options: RequestOptions) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': languageHeader };
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    payload = body.form; // the browser sets the multipart boundary
  }

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '', 'NETWORK');
  }

  const data = await readBody(response);
  if (!response.ok) throw apiErrorFrom(response.status, data, response.headers.get('Retry-After'));
  // The answer in the domain's names from here on (lib/wire.ts); `T` names the wire type the endpoint answers with.
  return { data: fromWire(data as T), headers: response.headers, status: response.status };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  getPage: async <T>(path: string, options: RequestOptions = {}): Promise<Page<Domain<T>>> => {
    const { data, headers } = await send<T[]>('GET', path, undefined, options);
    const items = Array.isArray(data) ? data : [];
    const total = Number(headers.get('X-Total-Count'));
    const didYouMean = didYouMeanOf(headers);
    return { items, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length, ...(didYouMean ? { didYouMean } : {}) };
  },
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, json === undefined ? undefined : { json }, options),
  /** POST that also returns the status, where 201 (created) and 200 (already there) differ. */
  postWithStatus: async <T>(path: string, json: unknown, options: RequestOptions = {}) => {
    const { data, status } = await send<T>('POST', path, { json }, options);
    return { data, status };
  },
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', path, { form }, options),
  patch: <T>(path: string, json: unknown, options?: RequestOptions) => request<T>('PATCH', path, { json }, options),
  put: <T>(path: string, json: unknown, options?: RequestOptions) => request<T>('PUT', path, { json }, options),
  /** DELETE, with a JSON body when the endpoint reads one (DELETE /api/file/delete takes `{ link }`). */
  delete: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, json === undefined ? undefined : { json }, options),
};
