import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS, ORDER_EVENT_TYPES, ORDER_STATUS_LIST } from '@cusp/shared';
import type { CurrentUser } from '@/lib/domain';
import { buildDesignerCard, buildProfile, buildService, buildServiceDetail, listReply } from '@/features/catalogue/test-data';
import { buildCourse, buildCourseDetail, buildEnrolled } from '@/features/courses/test-data';
import { BUYER, DESIGNER, buildEvent, buildIntent, buildOrder, buildOrderDetail } from '@/features/orders/test-data';
import { buildFileRecord } from '@/features/files/test-utils';
import { LANGUAGE_NAMES, setLanguage } from '@/lib/i18n';
import { mockApi, type MockReply, type MockRoutes } from '@/test/fetch-mock';
import { buildUser } from '@/test/factories';
import { markCatalogue, pageText, stringsOf, unmarkedWords } from '@/test/pseudo-locale';
import { renderApp } from '@/test/render';
import { FakeSocket, buildConversation, buildMessage, fakeSocket } from '@/features/messages/test-utils';

/**
 * The machine check of docs/decisions/0061-arabic-everywhere-web.md: the main pages, for a visitor, a buyer, a
 * designer and an administrator, rendered in Arabic with every catalogue text marked (test/pseudo-locale.ts).
 * Any Latin word on the page that is neither marked nor part of what the API answered fails the test: a string
 * written in a component, a key Arabic lacks (English fills in), a server sentence the app does not translate.
 */
vi.mock('@/lib/socket', async () => (await import('@/features/messages/test-utils')).socketModuleMock);
vi.mock('@/locales/ar/core.json', async (importOriginal) => ({ default: markCatalogue((await importOriginal<{ default: object }>()).default as never) }));
vi.mock('@/locales/ar/pages.json', async (importOriginal) => ({ default: markCatalogue((await importOriginal<{ default: object }>()).default as never) }));

/**
 * Names the app shows as they are in every language: the platform's, the currency's as Intl writes it, and each
 * language's own name on the language switch (endonyms, lib/i18n.ts).
 */
const ALWAYS_AS_IS = ['Cusp', 'US$', 'USD', ...Object.values(LANGUAGE_NAMES)];

const ADMIN = buildUser({ id: 'admin-1', username: 'site_admin', isAdmin: true });

interface PageCase {
  path: string;
  user: CurrentUser | null;
  routes?: MockRoutes;
}

// An order whose history holds one event of every kind, and a list with an order in every status.
const order = buildOrderDetail({ _id: 'order-a', status: 'delivered', events: ORDER_EVENT_TYPES.map((type) => buildEvent({ type, days: 2 })) });
const orders = ORDER_STATUS_LIST.map((status) => buildOrder({ status }));

/**
 * Sentences the server writes in English for the app to say in the reader's language (the order events' summaries
 * in the chat and as a conversation's preview, apps/server/src/modules/orders/orders.service.ts): the data, yet not
 * exempt from the check.
 */
const SERVER_SENTENCES: Record<string, string> = {
  paid: 'New order paid: Zirconia crown design × 2 ($90.00).',
  disputed: 'A dispute was opened on Zirconia crown design. An administrator will decide.',
  refund_offered: 'The designer offers to refund $20.00 of Zirconia crown design.',
  refund_accepted: 'The refund offer on Zirconia crown design was accepted. The order is complete.',
  dispute_resolved: 'The dispute on Zirconia crown design was resolved.',
  extension_requested: 'More time was asked for Zirconia crown design.',
  rescan_requested: 'New scans were asked for Zirconia crown design. The due date is paused until they arrive.',
};
const PARAMS = { title: 'Zirconia crown design', quantity: 2, amount: 90, currency: 'USD', days: 2 };
const chat = Object.entries(SERVER_SENTENCES).map(([type, description]) => buildMessage({ conversationID: 'c1', description, event: { orderId: 'order-a', type, params: PARAMS } }));
const PAGES: PageCase[] = [
  { path: '/', user: null, routes: { 'GET /api/services': listReply([buildService()]), 'GET /api/courses': listReply([buildCourse()]) } },
  { path: '/login', user: null },
  { path: '/register', user: null },
  { path: '/forgot-password', user: null },
  { path: '/support', user: null },
  { path: '/about', user: null },
  { path: '/privacy-policy', user: null },
  { path: '/not-found', user: null },
  { path: '/gigs', user: null, routes: { 'GET /api/gigs': listReply([buildService()]) } },
  { path: '/designers', user: null, routes: { 'GET /api/users': listReply([buildDesignerCard()]) } },
  { path: '/courses', user: null, routes: { 'GET /api/courses': listReply([buildCourse()]) } },
  { path: '/courses/course-1', user: null, routes: { 'GET /api/courses/course-1': { body: buildCourseDetail() } } },
  { path: '/profile/designer-1', user: null, routes: { 'GET /api/users/profile/designer-1': { body: buildProfile() }, 'GET /api/services': listReply([buildService()]), 'GET /api/reviews': listReply([]) } },
  { path: '/services/svc-1', user: BUYER, routes: { 'GET /api/services/single/svc-1': { body: buildServiceDetail() }, 'GET /api/reviews': listReply([]) } },
  { path: '/orders', user: BUYER, routes: { 'GET /api/orders': listReply(orders) } },
  { path: '/orders/order-a', user: BUYER, routes: { 'GET /api/orders/order-a': { body: order } } },
  {
    path: '/message/c1',
    user: BUYER,
    routes: {
      'GET /api/conversations': { body: [buildConversation({ lastMessage: SERVER_SENTENCES.disputed, lastEvent: { orderId: 'order-a', type: 'disputed', params: PARAMS } })] },
      'GET /api/conversations/unread-count': { body: { count: 1 } },
      'GET /api/messages/c1': { body: chat },
      'PATCH /api/conversations/c1': { status: 204 },
    },
  },
  {
    path: '/pay/service/svc-1?payment=pay-1',
    user: BUYER,
    routes: {
      'GET /api/services/svc-1': { body: buildService() },
      'GET /api/payments/pay-1': { body: buildIntent() },
      'GET /api/payments/config': { body: { provider: 'sandbox', publishableKey: null, currency: 'USD' } },
    },
  },
  { path: '/files', user: BUYER, routes: { 'GET /api/file': { body: [buildFileRecord()] } } },
  { path: '/orders', user: DESIGNER, routes: { 'GET /api/orders': listReply(orders.map((row) => ({ ...row, isSeller: true }))), 'GET /api/orders/balance': { body: { escrow: 90, available: 364.5, reserved: 0, currency: 'USD', feePercent: 10 } } } },
  { path: '/services/create', user: DESIGNER },
  { path: '/courses/create', user: DESIGNER },
  { path: '/notifications', user: BUYER, routes: { 'GET /api/notifications': { body: { items: [], hasMore: false } } } },
  {
    path: '/settings',
    user: BUYER,
    routes: {
      'GET /api/account': { body: { username: BUYER.username, email: BUYER.email, emailLanguage: 'ar', pendingEmail: null, createdAt: '2026-01-01T00:00:00.000Z' } },
      'GET /api/account/sessions': { body: [] },
      'GET /api/notifications/preferences': { body: { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) } },
    },
  },
  { path: '/my-courses', user: BUYER, routes: { 'GET /api/enroll/my': { body: [buildEnrolled()] }, 'GET /api/courses/mine': { body: [] } } },
  {
    path: '/payouts',
    user: DESIGNER,
    routes: {
      'GET /api/payouts': {
        body: {
          available: 27.5,
          reserved: 0,
          paidOut: 40,
          minimum: 10,
          currency: 'USD',
          payouts: [{ _id: 'po-1', amount: 40, currency: 'USD', method: 'bank', destination: 'Al Rajhi Bank SA03 •••• 7519', status: 'paid', reference: 'TRX-1', reason: null, createdAt: '2026-11-20T09:00:00.000Z', decidedAt: '2026-11-21T09:00:00.000Z' }],
          lines: [{ kind: 'release', amount: 22.5, balance: 22.5, orderId: 'o-1', courseId: null, payoutId: null, createdAt: '2026-11-10T09:00:00.000Z' }],
        },
      },
      'GET /api/payouts/details': { body: null },
    },
  },
  {
    path: '/admin',
    user: ADMIN,
    routes: {
      'GET /api/admin/designers': { body: [buildUser({ id: 'designer-2', username: 'new.designer', isDesigner: true, role: 'Crown', tags: ['Crown'] })] },
      'GET /api/admin/services': { body: [buildService()] },
      'GET /api/admin/tickets': { body: [] },
      'GET /api/admin/payouts': { body: [] },
    },
  },
];

/** Every answer's strings are the data's, exempt from the check; the handlers are wrapped to collect them. */
function recording(routes: MockRoutes, seen: Set<string>): MockRoutes {
  return Object.fromEntries(
    Object.entries(routes).map(([key, handler]) => [
      key,
      async (request: Parameters<Exclude<typeof handler, MockReply>>[0]) => {
        const reply = typeof handler === 'function' ? await handler(request) : handler;
        stringsOf(reply.body, seen);
        return reply;
      },
    ]),
  );
}

/** The page is shown: its heading is there and no loader is left. */
async function settled() {
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(document.querySelector('.mantine-Loader-root')).toBeNull());
}

beforeEach(() => {
  fakeSocket.current = new FakeSocket();
});

describe('Arabic pages say only what the Arabic catalogue says', () => {
  it.each(PAGES.map((page) => [`${page.path} (${page.user ? page.user.username : 'visitor'})`, page] as const))('%s', async (_, page) => {
    await setLanguage('ar', { persist: false });
    const seen = new Set<string>([...ALWAYS_AS_IS, ...stringsOf(page.user)]);
    // Every member's page may link to the chat with its unread count.
    const member: MockRoutes = page.user ? { 'GET /api/conversations/unread-count': { body: { count: 0 } } } : {};
    mockApi(recording({ ...member, ...page.routes }, seen), { user: page.user });
    renderApp(page.path);
    await settled();
    const text = pageText();
    expect(text, 'the page is in the marked catalogue').toContain('⟦');
    for (const sentence of Object.values(SERVER_SENTENCES)) seen.delete(sentence);
    expect(unmarkedWords(text, seen)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a text that is not marked, and lets marked text, addresses and the data through', () => {
    const text = ['⟦سجل الطلب⟧', 'Contacts: see the pins', '⟦أرسله {{name}} ⟦بالأمس⟧⟧', 'dr.designer', 'support@cusp.dental', '(3-D Secure)'].join('\n');
    expect(unmarkedWords(text, ['dr.designer'])).toEqual(['Contacts: see the pins', '(3-D Secure)']);
  });

  it('exempts what members wrote, not the codes the app must name', () => {
    const data = stringsOf({ status: 'in_progress', buyerID: { username: 'lina_haddad' }, title: 'Night guard' });
    expect(unmarkedWords(['in_progress', 'lina_haddad', 'Night guard'].join('\n'), data)).toEqual(['in_progress']);
  });
});
