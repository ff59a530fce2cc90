import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_EVENT_TYPES, type ChecklistEntry, type FileRole, type Prescription } from '@cusp/shared';
import type { StoredAnalysis } from '../../platform/mesh/types.js';
import { services } from './services.js';
import { users } from './users.js';

export const ORDER_STATUSES = [
  'pending_payment',
  'in_progress',
  'delivered',
  'revision_requested',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The orders' short numbers (`C-10427`, docs/product.md §5.2a): a sequence, so concurrent orders never share one. A number only
 * names an order for people; access is still checked by party on every call.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

/** The order's number as people read it. */
export const ORDER_NUMBER_PREFIX = 'C-';

/**
 * An order of a service (docs/product.md §5). Title, cover and prices are copied at ordering so that a later edit of
 * the service changes nothing already bought. Money is integer minor units (docs/product.md §6.1).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().default(sql`nextval('order_number_seq')`),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    image: text('image'),
    unitOrArch: text('unit_or_arch', { enum: ['unit', 'arch'] }).notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    teeth: smallint('teeth').array().notNull().default(sql`'{}'::smallint[]`),
    requirements: text('requirements').notNull().default(''),
    /**
     * The dental prescription as the buyer sent it, parsed by the shared schema (ADR 0025): a copy,
     * so a later edit of a saved preset changes nothing here. Null for orders placed before it existed (the
     * API then answers an empty prescription with the requirements as its notes).
     */
    prescription: jsonb('prescription').$type<Prescription>(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    deliveryDays: integer('delivery_days').notNull(),
    /** The turnaround the buyer chose (docs/decisions/0041): its days are `deliveryDays`, its surcharge or discount is in `price`. */
    tier: text('tier', { enum: ['rush', 'standard', 'standby'] }).notNull().default('standard'),
    /** The service's price of one extra revision when ordered (minor units; null: none sold), copied like the prices. */
    extraRevisionPrice: integer('extra_revision_price'),
    revisionsIncluded: integer('revisions_included').notNull(),
    revisionsUsed: integer('revisions_used').notNull().default(0),
    /** The designer's open partial refund offer (docs/product.md §5.11), minor units; null when none is open. */
    refundOfferAmount: integer('refund_offer_amount'),
    refundOfferNote: text('refund_offer_note'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the design is due: set at payment (the prescription's date, else the delivery time), moved by an accepted extension. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** A designer's pending request to extend the due date by this many days (null: none waiting), with its reason. */
    extensionDays: smallint('extension_days'),
    extensionReason: text('extension_reason'),
    /**
     * A designer's rescan request waiting for the buyer's new files (docs/decisions/0041): the due clock is stopped, `dueAt`
     * is null and `dueRemainingMs` keeps the time that was left (negative when already late); new case files
     * start it again.
     */
    waitingForScans: boolean('waiting_for_scans').notNull().default(false),
    rescanReason: text('rescan_reason'),
    dueRemainingMs: bigint('due_remaining_ms', { mode: 'number' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    // The orders list's sorts (docs/product.md §3.6): by last activity (updated_at) and by due date, per side.
    index('orders_buyer_activity_idx').on(t.buyerId, t.updatedAt),
    index('orders_seller_activity_idx').on(t.sellerId, t.updatedAt),
    index('orders_buyer_due_idx').on(t.buyerId, t.dueAt),
    index('orders_seller_due_idx').on(t.sellerId, t.dueAt),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    // The auto-complete job looks only at delivered orders.
    index('orders_delivered_idx').on(t.deliveredAt).where(sql`status = 'delivered'`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_price_positive', sql`${t.price} > 0`),
    check('orders_revisions_within', sql`${t.revisionsUsed} <= ${t.revisionsIncluded}`),
    check('orders_refund_offer_within', sql`${t.refundOfferAmount} is null or (${t.refundOfferAmount} > 0 and ${t.refundOfferAmount} < ${t.price})`),
  ],
);

/** The timeline: every change of an order with its time and actor (null for the scheduler). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', {
      enum: ORDER_EVENT_TYPES,
    }).notNull(),
    note: text('note'),
    /** The days a request for more time asks for (docs/product.md §5.2a); null otherwise. */
    days: smallint('days'),
    /** The teeth of the prescription a revision request points at (docs/product.md §5.4); null otherwise. */
    units: smallint('units').array(),
    /** A revision request: the case review's checklist items marked "change", by code (docs/decisions/0059); null otherwise. */
    checklist: jsonb('checklist').$type<ChecklistEntry[]>(),
    /** An acceptance: the delivered files the buyer approved in the case review (docs/decisions/0037); null otherwise. */
    approvedFiles: uuid('approved_files').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Case scans attached by the buyer and design files delivered by the designer. Private: only the
 * order's two parties can download them. Uploaded before the order exists, so `orderId` starts empty
 * and is set when the order (or the delivery) claims the file; unclaimed files are swept.
 */
export const orderFiles = pgTable(
  'order_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The delivery event a designer's file belongs to; null for the buyer's case files. */
    eventId: uuid('event_id').references(() => orderEvents.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['stl', 'ply', 'obj', 'zip', 'jpeg', 'png'] }).notNull(),
    /** What the file is for the case (upper jaw, bite...; docs/product.md §5.1): guessed from its name at upload, corrected by the buyer. */
    role: text('role', { enum: ['upper_jaw', 'lower_jaw', 'bite', 'prep', 'scan_body', 'photo', 'other'] as const satisfies readonly FileRole[] }).notNull().default('other'),
    /** The scan check's figures (modules/analysis, ADR 0026); null while a mesh waits for it, and for photos. */
    analysis: jsonb('analysis').$type<StoredAnalysis>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_files_order_idx').on(t.orderId),
    index('order_files_unclaimed_idx').on(t.createdAt).where(sql`order_id is null`),
    // The meshes still waiting for their scan check (picked up again after a restart).
    index('order_files_unanalysed_idx').on(t.createdAt).where(sql`analysis is null and kind in ('stl', 'ply', 'obj', 'zip')`),
  ],
);

/** One review per completed order (docs/product.md §5.7). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    star: smallint('star').notNull(),
    desc: text('description').notNull(),
    /** The designer's one reply (docs/product.md §5.7), null until given. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_unique').on(t.orderId),
    index('reviews_service_idx').on(t.serviceId, t.createdAt),
    index('reviews_seller_idx').on(t.sellerId, t.createdAt),
    check('reviews_star_range', sql`${t.star} between 1 and 5`),
  ],
);

/**
 * Review pins (ADR 0037): a point on one of the order's meshes, in that file's coordinates, with what
 * should change there. They belong to the revision request that sent them; the designer marks them resolved.
 */
export const orderPins = pgTable(
  'order_pins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => orderFiles.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... within the revision request, as the model shows them. */
    number: smallint('number').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    z: doublePrecision('z').notNull(),
    note: text('note').notNull(),
    /** The view the pin was placed from, so the designer's list can move the camera there. */
    camera: jsonb('camera').$type<{ position: [number, number, number]; target: [number, number, number] }>(),
    /** A distance measured during the review and kept with the pin. */
    measurementMm: doublePrecision('measurement_mm'),
    /** The files shown in the scene when the pin was placed (null: sent before they were kept). */
    visibleFileIds: uuid('visible_file_ids').array(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_pins_order_idx').on(t.orderId, t.eventId, t.number)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderPinRow = typeof orderPins.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export const DISPUTE_REASONS = ['not_as_prescribed', 'poor_fit', 'incomplete', 'late', 'other'] as const;
export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;

/**
 * A buyer's dispute of a delivery (docs/decisions/0035): one per order, opened by the buyer, answered once
 * by the designer, resolved once by an administrator. The statements' files are order files on the
 * `disputed` / `dispute_answered` events. Amounts in minor units; `fee` is the platform's share of the designer's part.
 */
export const disputes = pgTable(
  'disputes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    statement: text('statement').notNull(),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    buyerAmount: integer('buyer_amount'),
    designerAmount: integer('designer_amount'),
    fee: integer('fee'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('disputes_open_idx').on(t.createdAt).where(sql`status = 'open'`)],
);
export type DisputeRow = typeof disputes.$inferSelect;
