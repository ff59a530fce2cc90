import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { prescriptionSchema, type FileRole, type PrescriptionInput } from '@cusp/shared';
import type { AppContext } from '../context.js';
import { accept, deliver, createReview } from '../modules/orders/index.js';
import { confirmOrderPayment, createIntent, sandboxPay } from '../modules/payments/index.js';
import { services, userColumns, users, type UserRow } from '../db/schema/index.js';
import { findConversationId, markRead } from '../modules/messaging/index.js';
import { insertDemoOrderFile } from './direct-writes.js';
import { demoQuadrant } from './demo-quadrant.js';

/**
 * A molar-crown-like mesh as binary STL: a dome with four cusps, closed by a flat base, in millimetres.
 * Small (about 40 KB) and made here, so nothing is shipped or downloaded.
 */
export function demoCrownStl(segments = 36, rings = 14): Buffer {
  const point = (ring: number, seg: number): [number, number, number] => {
    const a = (seg / segments) * Math.PI * 2;
    const t = ring / rings; // 0 at the margin, 1 at the top
    const cusps = 1 + 0.12 * Math.cos(4 * a) * Math.sin(Math.PI * t);
    const r = 5.2 * Math.cos((t * Math.PI) / 2.2) * cusps;
    const z = 7 * Math.sin((t * Math.PI) / 2) - 0.8 * Math.cos(4 * a) * t * t;
    return [r * Math.cos(a), r * Math.sin(a) * 0.9, z];
  };
  const triangles: Array<[number, number, number][]> = [];
  for (let ring = 0; ring < rings; ring++) {
    for (let seg = 0; seg < segments; seg++) {
      const a = point(ring, seg), b = point(ring, seg + 1), c = point(ring + 1, seg + 1), d = point(ring + 1, seg);
      triangles.push([a, b, c], [a, c, d]);
    }
  }
  for (let seg = 0; seg < segments; seg++) triangles.push([[0, 0, 0], point(0, seg + 1), point(0, seg)]);
  const buf = Buffer.alloc(84 + 50 * triangles.length);
  buf.write('Cusp demo crown', 0, 'latin1');
  buf.writeUInt32LE(triangles.length, 80);
  triangles.forEach((tri, i) => tri.forEach((v, j) => v.forEach((c, k) => buf.writeFloatLE(c, 84 + i * 50 + 12 + j * 12 + k * 4))));
  return buf;
}

/**
 * The case the 3D review is for (docs/decisions/0038): a crown on 36, with the quadrant scan of the preparation and the upper
 * antagonist as case files and the crown delivered, all in one coordinate system (demo-quadrant.ts). The scan
 * checks run on them when the server starts (the scan-checks job picks up files not yet analysed).
 */
async function seedReviewCase(ctx: AppContext, buyer: UserRow, designer: UserRow, serviceId: string) {
  const files = demoQuadrant();
  const store = async (uploaderId: string, name: string, bytes: Buffer, role: FileRole) => {
    const key = `cases/${randomUUID()}.stl`;
    await ctx.storage.put(key, Readable.from([bytes]));
    return insertDemoOrderFile(ctx, { uploaderId, name, storageKey: key, size: bytes.length, role });
  };
  const prep = await store(buyer.id, 'lower-left-quadrant-prep-36.stl', files.lowerPrep, 'prep');
  const antagonist = await store(buyer.id, 'upper-antagonist.stl', files.upperAntagonist, 'upper_jaw');
  const prescription = prescriptionSchema.parse({
    units: [{ tooth: 36, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A2' }],
    design: { cementGapMicrons: 50, contactStrength: 'medium', occlusion: 'light_contact' },
    caseRef: 'CR-36-204',
    notes: 'Chamfer margin all round. Please keep the occlusal thickness at least 1 mm over the fissure.',
  } satisfies PrescriptionInput);
  const intent = await createIntent(ctx, buyer, {
    type: 'service',
    id: serviceId,
    tier: 'standard',
    prescription,
    teeth: [],
    requirements: '',
    attachments: [
      { id: prep, role: 'prep' },
      { id: antagonist, role: 'upper_jaw' },
    ],
  });
  await sandboxPay(ctx, buyer, intent._id, CARD);
  await confirmOrderPayment(ctx, buyer, { paymentId: intent._id });
  const crown = await store(designer.id, 'crown-36.stl', files.crown36, 'other');
  await deliver(ctx, designer, intent.orderId!, { note: 'Crown 36 in monolithic zirconia, 50 µm cement gap. Please check the distal contact.', files: [crown] });
}

const CARD = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Demo Buyer' };

/**
 * Orders between the demo buyer and the demo designer, made through the real service functions (so
 * the ledger, events and system messages are what real use makes): one being designed, one delivered
 * with a design file to preview, one completed and reviewed. Only with the sandbox provider.
 */
export async function seedDemoOrders(ctx: AppContext, buyerId: string, designerId: string) {
  if (ctx.config.payments.provider !== 'sandbox') return;
  const [buyer] = await ctx.db.select(userColumns).from(users).where(eq(users.id, buyerId));
  const [designer] = await ctx.db.select(userColumns).from(users).where(eq(users.id, designerId));
  const offered = await ctx.db.select({ id: services.id, title: services.title }).from(services).where(and(eq(services.userId, designerId), eq(services.hidden, false))).orderBy(asc(services.createdAt)).limit(3);
  if (!buyer || !designer || offered.length < 3) return;

  // Realistic prescriptions (docs/product.md §5.1), each for the demo designer's service that designs it (demo-catalogue.ts).
  const plans: Array<{ prescription: PrescriptionInput }> = [
    {
      prescription: {
        units: [
          { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
        ],
        design: { cementGapMicrons: 45, ponticType: 'ovate', outputFormats: ['stl', 'exocad_project'] },
        caseRef: 'LAB-2291',
        notes: 'Upper, lower and bite scans attached. Light chamfer margins; keep the connectors at least 9 mm².',
      },
    },
    {
      prescription: {
        units: [13, 12, 11, 21, 22, 23].map((tooth) => ({ tooth, restoration: 'veneer' as const, material: 'lithium_disilicate' as const, shade: 'BL2' })),
        design: { cementGapMicrons: 30, minThicknessMm: 0.4, contactStrength: 'light' },
        caseRef: 'SMILE-07',
        notes: 'Deep bite: please check the protrusive contacts carefully. Natural incisal translucency.',
      },
    },
    {
      prescription: {
        units: [{ tooth: 36, restoration: 'implant_crown_screw', material: 'zirconia_monolithic', shade: 'A3', implant: { system: 'Straumann BLX', platform: 'RB' } }],
        design: { contactStrength: 'tight', occlusion: 'light_contact' },
        caseRef: 'IMP-36-118',
        notes: 'Tight contacts please, and a smooth emergence profile.',
      },
    },
  ];
  const serviceFor = ['Three-unit zirconia bridge', 'Six-unit veneer smile design', 'Screw-retained implant crown'].map(
    (title, i) => offered.find((service) => service.title === title) ?? offered[i]!,
  );
  for (const [i, plan] of plans.entries()) {
    const prescription = prescriptionSchema.parse(plan.prescription);
    const intent = await createIntent(ctx, buyer, { type: 'service', id: serviceFor[i]!.id, prescription, teeth: [], requirements: '', attachments: [], tier: 'standard' });
    await sandboxPay(ctx, buyer, intent._id, CARD);
    await confirmOrderPayment(ctx, buyer, { paymentId: intent._id });
    if (i === 0) continue;
    const key = `cases/${randomUUID()}.stl`;
    const stl = demoCrownStl();
    await ctx.storage.put(key, Readable.from([stl]));
    const teeth = prescription.units.map((unit) => unit.tooth).join('-');
    const file = await insertDemoOrderFile(ctx, { uploaderId: designerId, name: `design-${teeth}.stl`, storageKey: key, size: stl.length });
    await deliver(ctx, designer, intent.orderId!, { note: 'Design attached, ready for milling.', files: [file] });
    if (i === 2) {
      await accept(ctx, buyer, intent.orderId!);
      await createReview(ctx, buyer, { orderId: intent.orderId!, star: 5, desc: 'Excellent fit and anatomy, delivered ahead of time.' });
    }
  }
  await seedReviewCase(ctx, buyer, designer, serviceFor[0]!.id);
  // These orders are history: both sides have read their notices.
  const conversationId = await findConversationId(ctx, buyer, designerId, buyerId);
  for (const reader of [buyer, designer]) await markRead(ctx, reader, conversationId);
}
