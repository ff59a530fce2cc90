import { count, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';

/** The dental prescription on the server (docs/decisions/0028): the prescription of an order, its price, its files' roles, revisions and the PDF. */

const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** Capabilities that take every unit below. */
const WIDE = {
  restorations: ['crown', 'bridge_retainer', 'pontic', 'veneer', 'implant_crown_screw'],
  materials: ['zirconia_monolithic', 'lithium_disilicate', 'titanium'],
  software: ['exocad'],
  outputFormats: ['stl', 'exocad_project'],
};

const bridge = {
  units: [
    { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
    { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'a2' },
    { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
  ],
  design: { ponticType: 'ovate', cementGapMicrons: 50 },
  caseRef: 'LAB-2291',
  notes: 'Incisal shade A1 on the pontic.',
};

async function uploadFile(who: Session, name: string) {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; role: string; url: string | null };
}

async function pay(buyer: Session, paymentId: string) {
  expect((await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);
}

const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]!.n;

describe('pricing from the prescription', () => {
  it('per unit: the units are the quantity (the pontic counts); quote, intent and order agree', async () => {
    const { service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const body = { type: 'service', id: service._id, prescription: bridge };

    const quote = await call(buyer, 'POST', '/api/payments/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ unitOrArch: 'unit', quantity: 3, unitPrice: 25, total: 75, currency: 'USD', teeth: [14, 15, 16] });
    expect(quote.json().lineItems).toEqual([{ description: 'Anatomic zirconia crown design', unitOrArch: 'unit', unitPrice: 25, quantity: 3, total: 75 }]);

    const intent = await call(buyer, 'POST', '/api/payments/intents', { ...body, quantity: 3 });
    expect(intent.statusCode, intent.body).toBe(201);
    expect(intent.json()).toMatchObject({ amount: 75, lineItems: [{ unitPrice: 25, quantity: 3, total: 75 }] });
    const order = (await call(buyer, 'GET', `/api/orders/${intent.json().orderId}`)).json();
    expect(order).toMatchObject({ quantity: 3, price: 75, teeth: [14, 15, 16], requirements: 'Incisal shade A1 on the pontic.' });
    expect(order.prescription).toEqual({
      units: [
        { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
        { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
        { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
      ],
      design: { cementGapMicrons: 50, extraCementGapMicrons: 20, distanceToMarginMm: 0.5, contactStrength: 'medium', occlusion: 'light_contact', ponticType: 'ovate', outputFormats: ['stl'] },
      caseRef: 'LAB-2291',
      notes: 'Incisal shade A1 on the pontic.',
    });
    // No date asked: due after the service's delivery time from ordering.
    expect(order.dueBy).toBe(new Date(Date.parse(order.createdAt) + 86_400_000).toISOString().slice(0, 10));
    expect((await call(buyer, 'GET', `/api/payments/${intent.json()._id}`)).json().lineItems).toEqual(intent.json().lineItems);
  });

  it('per arch: the arches the units touch, at least one; a night guard has no units', async () => {
    const { service } = await designerWithService(app, { ...WIDE, unitOrArch: 'arch', toothPrice: 40 });
    const buyer = await signUpAndLogin(app);
    const quote = (prescription: object, extra: object = {}) => call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, prescription, ...extra });

    const crown = (tooth: number) => ({ tooth, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A3' });
    expect((await quote({ units: [crown(14), crown(36)] })).json()).toMatchObject({ unitOrArch: 'arch', quantity: 2, total: 80 });
    expect((await quote({ units: [crown(14), crown(16), crown(21)] })).json()).toMatchObject({ quantity: 1, total: 40 });
    const nightGuard = await quote({ units: [], notes: 'Hard night guard, upper.' });
    expect(nightGuard.json()).toMatchObject({ quantity: 1, total: 40, teeth: [] });
    // Without units the quantity is the buyer's (1 or 2 arches), as before.
    expect((await quote({ units: [] }, { quantity: 2 })).json()).toMatchObject({ quantity: 2, total: 80 });
    const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: { units: [crown(14), crown(36)] } });
    expect(intent.json()).toMatchObject({ amount: 80, lineItems: [{ unitOrArch: 'arch', unitPrice: 40, quantity: 2, total: 80 }] });
  });

  it('refuses a quantity that does not match the units (400 on quantity) and creates nothing', async () => {
    const { service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const before = await orderCount();
    const res = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 2, prescription: bridge });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ quantity: 'This prescription has 3 units, so the quantity is 3.' });
    expect(await orderCount()).toBe(before);
    // A per-unit service with neither units nor a quantity has nothing to price.
    const empty = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: { units: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.quantity).toBe('Please choose how many units or arches you need.');
  });
});

describe('the prescription is checked on the server', () => {
  it('refuses a restoration or material the service does not offer, naming the unit', async () => {
    const { service } = await designerWithService(app); // crown in monolithic zirconia, STL (the defaults)
    const buyer = await signUpAndLogin(app);
    const res = await call(buyer, 'POST', '/api/payments/intents', {
      type: 'service',
      id: service._id,
      prescription: {
        units: [
          { tooth: 36, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A3' },
          { tooth: 11, restoration: 'veneer', material: 'lithium_disilicate', shade: 'BL2' },
        ],
        design: { outputFormats: ['stl', 'ply'] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'prescription.units.1.restoration': 'Tooth 11: this service does not design veneers.',
      'prescription.units.1.material': 'Tooth 11: this service does not design in lithium disilicate.',
      'prescription.design.outputFormats.1': 'This service does not deliver PLY files.',
    });
    expect(res.json().fieldCodes).toEqual({
      'prescription.units.1.restoration': 'CAPABILITY_RESTORATION',
      'prescription.units.1.material': 'CAPABILITY_MATERIAL',
      'prescription.design.outputFormats.1': 'CAPABILITY_OUTPUT_FORMAT',
    });
  });

  it('answers a bad prescription with 400 and fieldErrors keyed by path', async () => {
    const { service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const res = await call(buyer, 'POST', '/api/payments/intents', {
      type: 'service',
      id: service._id,
      prescription: {
        units: [
          { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'Z9' },
          { tooth: 36, restoration: 'implant_crown_screw', material: 'zirconia_monolithic', shade: 'A3', implant: { system: 'Straumann BLX' } },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'prescription.units.2.shade': 'Tooth 16: Z9 is not a VITA classical, VITA 3D-Master or bleach shade.',
      'prescription.units.3.implant.platform': 'Tooth 36: please give the implant platform (connection size).',
      'prescription.design.ponticType': 'Tooth 15 is a pontic: please choose the pontic shape.',
    });
    // Each field's code beside its sentence (docs/decisions/0056): a client translates the rule by it.
    expect(res.json().fieldCodes).toMatchObject({
      'prescription.units.2.shade': 'SHADE_UNKNOWN',
      'prescription.units.3.implant.platform': 'IMPLANT_PLATFORM_MISSING',
      'prescription.design.ponticType': 'PONTIC_TYPE_MISSING',
    });
    const design = await call(buyer, 'POST', '/api/payments/quote', {
      type: 'service',
      id: service._id,
      prescription: { design: { cementGapMicrons: 250, occlusion: 'deep' }, dueBy: 'soon', caseRef: 'r'.repeat(41) },
    });
    expect(design.statusCode).toBe(400);
    expect(design.json().fieldCodes).toEqual({
      'prescription.design.cementGapMicrons': 'CEMENT_GAP_RANGE',
      'prescription.design.occlusion': 'OCCLUSION_UNKNOWN',
      'prescription.dueBy': 'DUE_BY_INVALID',
      'prescription.caseRef': 'CASE_REF_TOO_LONG',
    });
    expect(design.json().fieldErrors['prescription.design.cementGapMicrons']).toBe('The cement gap is 0 to 200 micrometres.');
    const tooth = await call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, prescription: { units: [{ tooth: 19, restoration: 'crown', material: 'titanium' }] } });
    expect(tooth.statusCode).toBe(400);
    expect(tooth.json().fieldErrors['prescription.units.0.tooth']).toBe('Teeth must be FDI numbers from 11 to 48.');
  });

  it('holds dueBy to the service delivery time', async () => {
    const { service } = await designerWithService(app, { ...WIDE, deliveryTime: 5 });
    const buyer = await signUpAndLogin(app);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const units = [{ tooth: 36, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A3' }];
    const early = await call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, prescription: { units, dueBy: day(2) } });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors).toEqual({ 'prescription.dueBy': `This service needs until ${day(5)} at the earliest.` });
    expect(early.json().fieldCodes).toEqual({ 'prescription.dueBy': 'DUE_DATE_TOO_EARLY' });
    const ok = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: { units, dueBy: day(9) } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await call(buyer, 'GET', `/api/orders/${ok.json().orderId}`)).json()).toMatchObject({ dueBy: day(9), prescription: { dueBy: day(9) } });
  });
});

describe('case file roles', () => {
  it('guesses the role at upload, lets the buyer set it at ordering and change it until payment, and nobody else', async () => {
    const { designer, service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const upper = await uploadFile(buyer, 'Case 118_UpperJaw.stl');
    const antagonist = await uploadFile(buyer, 'Raw Antagonist scan.stl');
    const prep = await uploadFile(buyer, 'PreparationScan.stl');
    const misc = await uploadFile(buyer, 'scan-0001.stl');
    expect([upper.role, antagonist.role, prep.role, misc.role]).toEqual(['upper_jaw', 'lower_jaw', 'prep', 'other']);

    // Someone else's file is not found; the owner changes it while it waits for an order.
    expect((await call(other, 'PATCH', `/api/order-files/${misc._id}`, { role: 'bite' })).statusCode).toBe(404);
    expect((await call(buyer, 'PATCH', `/api/order-files/${misc._id}`, { role: 'kidney' })).statusCode).toBe(400);
    expect((await call(buyer, 'PATCH', `/api/order-files/${misc._id}`, { role: 'photo' })).json()).toMatchObject({ role: 'photo' });

    const intent = await call(buyer, 'POST', '/api/payments/intents', {
      type: 'service',
      id: service._id,
      prescription: bridge,
      attachments: [upper._id, antagonist._id, { id: prep._id, role: 'scan_body' }, { id: misc._id, role: 'bite' }],
    });
    expect(intent.statusCode, intent.body).toBe(201);
    const orderId = intent.json().orderId;
    const roles = async (who: Session) =>
      Object.fromEntries((await call(who, 'GET', `/api/orders/${orderId}`)).json().attachments.map((f: { _id: string; role: string }) => [f._id, f.role]));
    expect(await roles(buyer)).toEqual({ [upper._id]: 'upper_jaw', [antagonist._id]: 'lower_jaw', [prep._id]: 'scan_body', [misc._id]: 'bite' });

    // Unpaid: the buyer still corrects it. Paid: no longer, and the designer never.
    expect((await call(buyer, 'PATCH', `/api/order-files/${prep._id}`, { role: 'prep' })).json()).toMatchObject({ role: 'prep' });
    await pay(buyer, intent.json()._id);
    expect((await call(designer, 'PATCH', `/api/order-files/${prep._id}`, { role: 'other' })).statusCode).toBe(404);
    const locked = await call(buyer, 'PATCH', `/api/order-files/${prep._id}`, { role: 'other' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('The role of a case file can be changed only until the order is paid.');
    expect((await roles(designer))[prep._id]).toBe('prep');
  });
});

describe('revisions point at units', () => {
  it('takes teeth of the prescription, refuses others on units, and shows them in the timeline', async () => {
    const { designer, service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: bridge })).json();
    await pay(buyer, intent._id);
    const design = await uploadFile(designer, 'bridge-14-16.stl');
    expect((await call(designer, 'POST', `/api/orders/${intent.orderId}/deliver`, { files: [design._id] })).statusCode).toBe(200);

    const stranger = await call(buyer, 'POST', `/api/orders/${intent.orderId}/revision`, { note: 'Open the contact.', units: [15, 36] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fieldErrors).toEqual({ units: "Tooth 36 is not in this order's prescription." });
    const notTeeth = await call(buyer, 'POST', `/api/orders/${intent.orderId}/revision`, { note: 'Open the contact.', units: ['15'] });
    expect(notTeeth.statusCode).toBe(400);
    expect(Object.keys(notTeeth.json().fieldErrors)[0]).toMatch(/^units/);

    const ok = await call(buyer, 'POST', `/api/orders/${intent.orderId}/revision`, { note: 'Open the contact between 15 and 16.', units: [16, 15, 16] });
    expect(ok.statusCode, ok.body).toBe(200);
    const revision = ok.json().events.find((e: { type: string }) => e.type === 'revision_requested');
    expect(revision).toMatchObject({ note: 'Open the contact between 15 and 16.', units: [15, 16] });
    expect(ok.json().events.find((e: { type: string }) => e.type === 'created').units).toEqual([]);
    const [stored] = await ctx.db.select({ units: orderEvents.units }).from(orderEvents).where(eq(orderEvents.type, 'revision_requested'));
    expect(stored!.units).toEqual([15, 16]);
  });
});

describe('GET /api/orders/{id}/prescription.pdf', () => {
  it('answers the parties a one-page A4 PDF with the units, in English or Arabic; others get 403', async () => {
    const { designer, service } = await designerWithService(app, WIDE);
    const buyer = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const scan = await uploadFile(buyer, 'UpperJaw.stl');
    const prescription = {
      ...bridge,
      units: [...bridge.units, { tooth: 36, restoration: 'implant_crown_screw', material: 'titanium', implant: { system: 'Straumann BLX', platform: 'RB' } }],
    };
    const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription, attachments: [scan._id] })).json();
    const url = `/api/orders/${intent.orderId}/prescription.pdf`;

    // Not paid yet: the designer does not see the order; strangers never.
    expect((await call(designer, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    await pay(buyer, intent._id);

    const res = await call(designer, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBe(1);
    const [x0, y0, width, height] = (await pdf.getPage(1)).view;
    expect([x0, y0, Math.round(width! * 100) / 100, Math.round(height! * 100) / 100]).toEqual([0, 0, 595.28, 841.89]);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      'Dental prescription',
      'Anatomic zirconia crown design',
      buyer.user._id ? (await call(buyer, 'GET', `/api/orders/${intent.orderId}`)).json().buyerID.username : '',
      '14',
      '15',
      '16',
      '36',
      'Bridge retainer',
      'Pontic',
      'Implant crown, screw-retained',
      'Monolithic zirconia',
      'Titanium',
      'A2',
      'Straumann BLX, RB',
      'Cement gap',
      'ovate',
      'LAB-2291',
      'Upper jaw',
      'UpperJaw.stl',
      'Incisal shade A1 on the pontic.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Cement gap 50 [µμ]m/); // the reader writes the micro sign as the Greek letter

    const arabic = await call(buyer, 'GET', `${url}?lang=ar`);
    expect(arabic.statusCode).toBe(200);
    const arabicPdf = await getDocumentProxy(new Uint8Array(arabic.rawPayload));
    expect(arabicPdf.numPages).toBe(1);
    const arabicText = (await extractText(arabicPdf, { mergePages: true })).text;
    expect(arabicText).toMatch(/[\u0600-\u06FF]/);
    for (const word of ['الوصفة السنية', 'دعامة جسر', 'زركونيا أحادية', 'تيتانيوم']) expect(arabicText).toContain(word);
    expect(arabicText).toContain('Straumann BLX');
    // The lang cookie chooses too.
    const byCookie = await app.inject({ method: 'GET', url, headers: { cookie: `${buyer.cookie}; lang=ar` } });
    expect((await extractText(await getDocumentProxy(new Uint8Array(byCookie.rawPayload)), { mergePages: true })).text).toMatch(/[\u0600-\u06FF]/);
  });
});
