import { orderActionsFor, type OrderDetailJson, type OrderEventJson, type OrderFileJson, type OrderJson, type PaymentIntentJson, type ReviewJson } from '@cusp/shared';
import { buildUser } from '@/test/factories';

/** Test data in the API's shapes (packages/shared/src/schemas/orders.ts). */
export const BUYER = buildUser({ id: 'buyer-1', username: 'demo_buyer' });
export const DESIGNER = buildUser({ id: 'designer-1', username: 'dr.designer', isDesigner: true, isSeller: true });
const buyerRef = { _id: BUYER.id, username: BUYER.username, image: null };
const designerRef = { _id: DESIGNER.id, username: DESIGNER.username, image: null };

let n = 0;
const next = () => (n += 1);

/** A list row; unless given, its `actions` are what ORDER_POLICY gives its viewer (the buyer, or the designer when `isSeller`). */
export function buildOrder(overrides: Partial<OrderJson> = {}): OrderJson {
  const i = next();
  const row: Omit<OrderJson, 'actions'> & Partial<Pick<OrderJson, 'actions'>> = {
    _id: `order-${i}`,
    number: `C-${10000 + i}`,
    serviceId: 'svc-1',
    title: 'Zirconia crown design',
    image: null,
    price: 90,
    unitPrice: 45,
    quantity: 2,
    unitOrArch: 'unit',
    currency: 'USD',
    status: 'in_progress',
    buyerID: buyerRef,
    sellerID: designerRef,
    isSeller: false,
    teeth: [11, 21],
    prescription: {
      units: [
        { tooth: 11, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A2' },
        { tooth: 21, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A2' },
      ],
      design: { cementGapMicrons: 40, extraCementGapMicrons: 20, distanceToMarginMm: 0.5, contactStrength: 'medium', occlusion: 'light_contact', outputFormats: ['stl'] },
      caseRef: '',
      dueBy: undefined,
      notes: 'Zirconia, shade A2, chamfer margin.',
    },
    dueBy: '2026-03-03',
    revisionsIncluded: 1,
    revisionsUsed: 0,
    deliveryDays: 2,
    paidAt: '2026-03-01T10:05:00.000Z',
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    paymentId: null,
    autoCompleteAt: null,
    dueAt: '2026-03-03T10:05:00.000Z',
    late: false,
    lastActivityAt: '2026-03-01T10:05:00.000Z',
    extension: null,
    refundOffer: null,
    tier: 'standard',
    extraRevisionPrice: null,
    waitingForScans: false,
    rescanReason: null,
    dueRemainingMs: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:05:00.000Z',
    ...overrides,
  };
  const facts = { ...row, buyerId: row.buyerID._id, sellerId: row.sellerID._id, extensionDays: row.extension?.days ?? null, refundOfferAmount: row.refundOffer?.amount ?? null };
  return { ...row, actions: overrides.actions ?? orderActionsFor(facts, row.isSeller ? row.sellerID._id : row.buyerID._id) };
}

export function buildOrderFile(overrides: Partial<OrderFileJson> = {}): OrderFileJson {
  const i = next();
  return {
    _id: `ofile-${i}`,
    name: `scan-${i}.stl`,
    size: 684,
    kind: 'stl',
    url: null,
    role: 'other',
    createdAt: '2026-03-01T09:00:00.000Z',
    analysis: null,
    ...overrides,
  };
}

export function buildEvent(overrides: Partial<OrderEventJson> = {}): OrderEventJson {
  const i = next();
  return { _id: `event-${i}`, type: 'created', actor: buyerRef, note: null, files: [], units: [], days: null, pins: [], checklist: [], approvedFiles: [], createdAt: '2026-03-01T10:00:00.000Z', ...overrides };
}

export function buildOrderDetail(overrides: Partial<OrderDetailJson> = {}): OrderDetailJson {
  const base = buildOrder(overrides);
  return {
    ...base,
    requirements: 'Zirconia, shade A2, chamfer margin.',
    attachments: [],
    events: [
      buildEvent({ type: 'created' }),
      buildEvent({ type: 'paid', createdAt: '2026-03-01T10:05:00.000Z' }),
    ],
    review: null,
    dispute: null,
    actions: [],
    unavailable: {},
    pinsResolvable: false,
    ...overrides,
  };
}

export function buildReview(overrides: Partial<ReviewJson> = {}): ReviewJson {
  const i = next();
  return {
    _id: `review-${i}`,
    orderId: `order-${i}`,
    serviceId: 'svc-1',
    serviceTitle: 'Zirconia crown design',
    star: 5,
    desc: 'Perfect fit, fast delivery.',
    buyer: buyerRef,
    sellerId: DESIGNER.id,
    reply: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildIntent(overrides: Partial<PaymentIntentJson> = {}): PaymentIntentJson {
  return {
    _id: 'pay-1',
    orderId: 'order-1',
    courseId: null,
    amount: 90,
    currency: 'USD',
    status: 'requires_payment',
    provider: 'sandbox',
    description: 'Payment for Zirconia crown design',
    lineItems: [{ description: 'Zirconia crown design', unitOrArch: 'unit', unitPrice: 45, quantity: 2, total: 90 }],
    ...overrides,
  };
}
