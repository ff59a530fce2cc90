import { z } from 'zod';
import { CONTACT_STRENGTHS, FILE_ROLES, MATERIALS, OCCLUSIONS, OUTPUT_FORMATS, PONTIC_TYPES, RESTORATIONS } from '../dental/catalogue.js';
import { ORDER_ACTIONS, ORDER_STATUS_LIST } from '../policies/orders.js';
import { FILE_KINDS } from '../schemas/files.js';
import { REVIEW_CHECKLIST } from '../schemas/review-pins.js';
import { ORDER_EVENT_TYPES } from '../schemas/orders.js';
import { SCAN_CHECK_STATUSES, SCAN_FINDING_CODES, SCAN_FINDING_LEVELS } from '../schemas/scan-check.js';
import { TURNAROUND_TIERS } from '../schemas/turnaround.js';
import { disputeJsonSchema, refundOfferJsonSchema } from './money.js';

/**
 * What the server answers about orders, their files, pins and reviews (docs/product.md §5), as response
 * schemas (docs/decisions/0039): the routes register them, the types are derived from them. Money is major units.
 * A field the client needs must be listed here, or it is dropped on the way out (the server's tests fail on such a
 * field: apps/server/src/platform/response-check.ts).
 */

/** A party of an order (and the author of a timeline event). */
export const orderPartyJsonSchema = z.object({ _id: z.string(), username: z.string(), image: z.string().nullable() });
export type OrderPartyJson = z.infer<typeof orderPartyJsonSchema>;

// Scan checks (docs/decisions/0026).

export const scanFindingJsonSchema = z.object({
  level: z.enum(SCAN_FINDING_LEVELS),
  code: z.enum(SCAN_FINDING_CODES),
  /** English, for API clients; the web app translates by `code` with `params`. */
  message: z.string(),
  /** The values in the message (sizes, counts, the likely unit, the part of a ZIP it is about). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ScanFindingJson = z.infer<typeof scanFindingJsonSchema>;

export const scanFiguresJsonSchema = z.object({
  triangles: z.number(),
  vertices: z.number(),
  /** Bounding box in mm (the file's units read as mm). */
  bbox: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  areaMm2: z.number(),
  shells: z.number(),
  holes: z.number(),
  degenerate: z.number(),
});
export type ScanFiguresJson = z.infer<typeof scanFiguresJsonSchema>;

/** `analysis` of an order file (null for photos). Figures are 0 while pending and when failed. */
export const scanAnalysisJsonSchema = scanFiguresJsonSchema.extend({
  status: z.enum(SCAN_CHECK_STATUSES),
  findings: z.array(scanFindingJsonSchema),
  /** A ZIP: each mesh inside it (the figures above are their totals; bbox the largest per axis). */
  parts: z.array(scanFiguresJsonSchema.extend({ name: z.string() })).optional(),
});
export type ScanAnalysisJson = z.infer<typeof scanAnalysisJsonSchema>;

export const orderFileJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number(),
  kind: z.enum(FILE_KINDS),
  /** Participants only: `/api/orders/{orderId}/files/{fileId}` (null before the file joins an order). */
  url: z.string().nullable(),
  /** What the file is for the case (docs/product.md §5.1): guessed from the name at upload, changed by the buyer. */
  role: z.enum(FILE_ROLES),
  createdAt: z.string(),
  /** The scan check of a mesh (STL, PLY, OBJ, ZIP; docs/decisions/0026); null for photos. */
  analysis: scanAnalysisJsonSchema.nullable(),
});
export type OrderFileJson = z.infer<typeof orderFileJsonSchema>;

/**
 * The order's dental prescription as stored (ADR 0025): the output of `prescriptionSchema`, field by field
 * (that schema checks and normalises what is sent; this one only describes what is answered).
 */
export const prescriptionJsonSchema = z.object({
  units: z.array(
    z.object({
      tooth: z.number(),
      restoration: z.enum(RESTORATIONS),
      material: z.enum(MATERIALS),
      shade: z.string().optional(),
      implant: z.object({ system: z.string(), platform: z.string() }).optional(),
    }),
  ),
  design: z.object({
    cementGapMicrons: z.number(),
    extraCementGapMicrons: z.number(),
    distanceToMarginMm: z.number(),
    minThicknessMm: z.number().optional(),
    contactStrength: z.enum(CONTACT_STRENGTHS),
    occlusion: z.enum(OCCLUSIONS),
    ponticType: z.enum(PONTIC_TYPES).optional(),
    outputFormats: z.array(z.enum(OUTPUT_FORMATS)),
  }),
  caseRef: z.string(),
  dueBy: z.string().optional(),
  notes: z.string(),
});

/** A row of `GET /api/orders` (and the base of the order's detail). */
export const orderJsonSchema = z.object({
  _id: z.string(),
  /** The short number people quote (`C-10427`, docs/product.md §5.2a). It names the order; it opens nothing. */
  number: z.string(),
  serviceId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  /** Total in major units. */
  price: z.number(),
  unitPrice: z.number(),
  quantity: z.number(),
  unitOrArch: z.enum(['unit', 'arch']),
  currency: z.string(),
  status: z.enum(ORDER_STATUS_LIST),
  buyerID: orderPartyJsonSchema,
  sellerID: orderPartyJsonSchema,
  /** True when the caller is the designer of this order. */
  isSeller: z.boolean(),
  teeth: z.array(z.number()),
  /**
   * The dental prescription (ADR 0025): units, design, caseRef, dueBy (as the buyer gave it, if they
   * did) and notes. Orders placed before prescriptions existed answer an empty one with their requirements as notes.
   */
  prescription: prescriptionJsonSchema,
  /** When the design is due (YYYY-MM-DD): the prescription's `dueBy`, else the service's delivery time from ordering. */
  dueBy: z.string(),
  revisionsIncluded: z.number(),
  revisionsUsed: z.number(),
  deliveryDays: z.number(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The buyer's latest payment attempt while the order awaits payment (null for the designer). */
  paymentId: z.string().nullable(),
  /** When a delivered order completes on its own. */
  autoCompleteAt: z.string().nullable(),
  /** What the caller may do now, read from ORDER_POLICY for them (docs/decisions/0030); the client shows these and no others. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** When the design is due (set at payment; moved by an accepted extension); null before payment. */
  dueAt: z.string().nullable(),
  /** Past `dueAt` and not delivered (in progress, or a revision asked for). */
  late: z.boolean(),
  /** The latest change to the order (its timeline's last event). */
  lastActivityAt: z.string(),
  /** A designer's request for more time waiting for the buyer's answer. */
  extension: z.object({ days: z.number(), reason: z.string() }).nullable(),
  /** The designer's open partial refund offer (docs/product.md §5.11); null when none is open. */
  refundOffer: refundOfferJsonSchema.nullable(),
  /** The turnaround the buyer chose (docs/decisions/0041): its days are `deliveryDays`, its surcharge or discount is in `price`. */
  tier: z.enum(TURNAROUND_TIERS),
  /** The price of one extra revision as ordered (major units); null: none can be bought. */
  extraRevisionPrice: z.number().nullable(),
  /** The designer asked for new scans (`rescanReason`): the due clock is stopped, `dueAt` is null until they arrive. */
  waitingForScans: z.boolean(),
  rescanReason: z.string().nullable(),
  /** While waiting for scans: the time that was left when the clock stopped (ms; negative when it was late). */
  dueRemainingMs: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderJson = z.infer<typeof orderJsonSchema>;
/** `GET /api/orders`: a page (the total is in X-Total-Count). */
export const orderListJsonSchema = z.array(orderJsonSchema);

/** A pin in `GET /api/orders/{id}` (on its revision event), and `PATCH /api/orders/{id}/pins/{pinId}`. */
export const orderPinJsonSchema = z.object({
  _id: z.string(),
  /** 1, 2, 3... within its revision request, as shown on the model. */
  number: z.number(),
  fileId: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  note: z.string(),
  camera: z.object({ position: z.tuple([z.number(), z.number(), z.number()]), target: z.tuple([z.number(), z.number(), z.number()]) }).nullable(),
  measurementMm: z.number().nullable(),
  /** The files shown when the pin was placed; null for pins sent before they were kept. */
  visibleFileIds: z.array(z.string()).nullable(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
});
export type OrderPinJson = z.infer<typeof orderPinJsonSchema>;

/** One event of an order's timeline. */
export const orderEventJsonSchema = z.object({
  _id: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  actor: orderPartyJsonSchema.nullable(),
  note: z.string().nullable(),
  files: z.array(orderFileJsonSchema),
  /** The teeth a revision request points at (docs/product.md §5.4); empty for other events. */
  units: z.array(z.number()),
  /** A revision request's pins on the order's meshes (ADR 0037); empty for other events. */
  pins: z.array(orderPinJsonSchema),
  /** A revision request's checklist items marked "change", by code, with the buyer's words or '' (docs/decisions/0059). */
  checklist: z.array(z.object({ item: z.enum(REVIEW_CHECKLIST), note: z.string() })),
  /** An acceptance: the delivered files the buyer approved (docs/decisions/0037); empty for other events. */
  approvedFiles: z.array(z.string()),
  /** The days of a request for more time (docs/product.md §5.2a); null for other events. */
  days: z.number().nullable(),
  createdAt: z.string(),
});
export type OrderEventJson = z.infer<typeof orderEventJsonSchema>;

export const reviewJsonSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  star: z.number(),
  desc: z.string(),
  buyer: orderPartyJsonSchema,
  /** The designer of the reviewed service: the one who may reply. */
  sellerId: z.string(),
  /** The designer's reply (docs/product.md §5.7), once. */
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ReviewJson = z.infer<typeof reviewJsonSchema>;
/** `GET /api/reviews`. */
export const reviewListJsonSchema = z.array(reviewJsonSchema);

/** `GET /api/orders/{id}` (and what every change of an order answers). `actions` are what the caller may do now. */
export const orderDetailJsonSchema = orderJsonSchema.extend({
  requirements: z.string(),
  attachments: z.array(orderFileJsonSchema),
  events: z.array(orderEventJsonSchema),
  review: reviewJsonSchema.nullable(),
  /** The dispute, if the buyer opened one (docs/product.md §5.11). */
  dispute: disputeJsonSchema.nullable(),
  /**
   * The actions it is the caller's turn for that a condition of ORDER_POLICY refuses, with the sentence why
   * (`{ revision: 'All included revisions have been used.' }`); empty when there are none.
   */
  unavailable: z.partialRecord(z.enum(ORDER_ACTIONS), z.string()),
  /** Whether the caller may mark the review pins resolved now (PIN_POLICY, docs/decisions/0037). */
  pinsResolvable: z.boolean(),
});
export type OrderDetailJson = z.infer<typeof orderDetailJsonSchema>;
/** `GET /api/admin/disputes`: the disputed orders, as an administrator reads them. */
export const orderDetailListJsonSchema = z.array(orderDetailJsonSchema);

/** `GET /api/orders/balance`: a designer's money (major units). */
export const balanceJsonSchema = z.object({
  escrow: z.number(),
  available: z.number(),
  /** Requested payouts not yet paid or rejected (docs/product.md §6.6). */
  reserved: z.number(),
  currency: z.string(),
  feePercent: z.number(),
});
export type BalanceJson = z.infer<typeof balanceJsonSchema>;
