import { vi } from 'vitest';
import type { CurrentUser } from '@/lib/domain';

/** The browser's fetch is "the outside world": each test says what the API answers. */

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, a FormData, or undefined. */
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Bytes answered as they are (a file download), instead of `body` as JSON. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** Keys are "METHOD /api/path" (the query string is ignored; handlers can read `url`). */
export type MockRoutes = Record<string, MockHandler>;

const unexpected: string[] = [];

/** Requests no handler answered; the setup file fails the test when any remain. */
export function takeUnexpectedRequests(): string[] {
  return unexpected.splice(0);
}

export function errorReply(status: number, message: string, code: string, fieldErrors?: Record<string, string>, fieldCodes?: Record<string, string>): MockReply {
  return { status, body: { message, code, ...(fieldErrors ? { fieldErrors } : {}), ...(fieldCodes ? { fieldCodes } : {}) } };
}

function defaultRoutes(user: CurrentUser | null): MockRoutes {
  return {
    'GET /api/auth/me': user ? { body: { user } } : errorReply(401, 'Authentication required.', 'UNAUTHENTICATED'),
    'GET /api/config': { body: { currency: 'USD', platformName: 'Cusp' } },
    'GET /api/services': errorReply(404, 'Not found.', 'NOT_FOUND'),
    // The navbar's bell asks on every page a member sees (ADR 0027).
    'GET /api/notifications/unread-count': user ? { body: { count: 0 } } : errorReply(401, 'Authentication required.', 'UNAUTHENTICATED'),
    // An order's or a course's page lists its receipts (ADR 0042): none unless a test gives some.
    'GET /api/billing': user ? { body: { documents: [], statementMonths: [] } } : errorReply(401, 'Authentication required.', 'UNAUTHENTICATED'),
  };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

/**
 * Stubs fetch with the default answers (a visitor, USD, no services yet) overridden by `routes`.
 * Returns the list of requests received, in order.
 */
export function mockApi(routes: MockRoutes = {}, { user = null }: { user?: CurrentUser | null } = {}) {
  const table: MockRoutes = { ...defaultRoutes(user), ...routes };
  const requests: MockRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: MockRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
    };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = table[key];
    if (!handler) {
      unexpected.push(key);
      throw new TypeError(`No mock for ${key}`);
    }
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    const status = reply.status ?? 200;
    if (reply.raw !== undefined) return new Response(reply.raw, { status, headers: reply.headers });
    const hasBody = reply.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...reply.headers },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** The requests sent to "METHOD /api/path". */
    to: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
