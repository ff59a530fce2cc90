import { afterEach, describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl, emptyZip } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';

// Review pins (ADR 0037): sent with a revision, listed on its event, resolved by the designer. The tests
// pay orders, so the books must balance after each (ADR 0035).
const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** Uploads a case file (the 10 mm tetrahedron, bounds 0..10 on each axis, unless told) and waits for its check. */
async function upload(who: Session, name: string, data: Buffer = binaryStl()) {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  let file = res.json() as { _id: string; analysis: { status: string } | null };
  // A loaded machine may answer `pending`: the record is read again until the worker has answered.
  while (file.analysis?.status === 'pending') file = (await call(who, 'GET', `/api/order-files/${file._id}`)).json();
  return file;
}

/** A mesh whose scan check is done: pins can be placed on it. */
async function uploadMesh(who: Session, name: string) {
  const file = await upload(who, name);
  expect(file.analysis?.status).toBe('done');
  return file._id;
}

/** An order with a case scan, paid and delivered with one design: the buyer may ask for a revision. */
async function deliveredOrder() {
  const { designer, service } = await designerWithService(app, { revisions: 2 });
  const buyer = await signUpAndLogin(app);
  const scan = await uploadMesh(buyer, 'lower-prep.stl');
  // A case file that is no mesh (an archive of the lab's records).
  const archive = (await upload(buyer, 'records.zip', emptyZip()))._id;
  const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1, teeth: [36], attachments: [scan, archive] });
  expect(intent.statusCode, intent.body).toBe(201);
  const { _id: paymentId, orderId } = intent.json();
  await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD);
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);
  const design = await uploadMesh(designer, 'crown-36.stl');
  expect((await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [design] })).statusCode).toBe(200);
  return { designer, buyer, orderId: orderId as string, scan, archive, design };
}

const pin = (fileId: string, overrides: Record<string, unknown> = {}) => ({ fileId, x: 2, y: 3, z: 4, note: 'Open the distal contact 0.05 mm', ...overrides });

describe('review pins', () => {
  it('travel with the revision, are listed on its event for both parties, and the designer resolves them', async () => {
    const { designer, buyer, orderId, scan, design } = await deliveredOrder();
    const sent = await call(buyer, 'POST', `/api/orders/${orderId}/revision`, {
      note: '',
      pins: [
        // Placed with the scan hidden (only the design in view): kept as sent.
        pin(design, { camera: { position: [30, -40, 30], target: [5, 5, 5] }, measurementMm: 0.42, visibleFileIds: [design] }),
        // Sent without its own file in the list (which cannot be: it was picked on it): the file is added.
        pin(scan, { x: 0, y: 10, z: 0, note: 'The margin is here, not higher', visibleFileIds: [design, design] }),
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    for (const who of [buyer, designer]) {
      const order = (await call(who, 'GET', `/api/orders/${orderId}`)).json();
      const revision = order.events.find((e: { type: string }) => e.type === 'revision_requested');
      expect(revision.pins).toEqual([
        expect.objectContaining({ number: 1, fileId: design, x: 2, y: 3, z: 4, note: 'Open the distal contact 0.05 mm', camera: { position: [30, -40, 30], target: [5, 5, 5] }, measurementMm: 0.42, visibleFileIds: [design], resolved: false }),
        expect.objectContaining({ number: 2, fileId: scan, x: 0, y: 10, z: 0, note: 'The margin is here, not higher', camera: null, measurementMm: null, visibleFileIds: [scan, design], resolved: false }),
      ]);
      expect(order.pinsResolvable).toBe(who === designer);
      // Other events carry none.
      expect(order.events.filter((e: { pins: unknown[] }) => e.pins.length > 0)).toHaveLength(1);
    }

    const order = (await call(designer, 'GET', `/api/orders/${orderId}`)).json();
    const [first, second] = order.events.find((e: { type: string }) => e.type === 'revision_requested').pins;
    const url = `/api/orders/${orderId}/pins/${first._id}`;
    // The buyer cannot resolve the designer's work; a stranger cannot even see the order.
    expect((await call(buyer, 'PATCH', url, { resolved: true })).statusCode).toBe(403);
    const stranger = await signUpAndLogin(app);
    expect((await call(stranger, 'PATCH', url, { resolved: true })).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/orders/${orderId}`)).statusCode).toBe(403);
    // Bad input changes nothing.
    const bad = await call(designer, 'PATCH', url, { resolved: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('resolved');
    // A pin of another order is not found through this one.
    const other = await deliveredOrder();
    expect((await call(other.designer, 'PATCH', `/api/orders/${other.orderId}/pins/${first._id}`, { resolved: true })).statusCode).toBe(404);

    const resolved = await call(designer, 'PATCH', url, { resolved: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ _id: first._id, resolved: true });
    const after = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
    const pins = after.events.find((e: { type: string }) => e.type === 'revision_requested').pins;
    expect(pins.map((p: { _id: string; resolved: boolean }) => [p._id, p.resolved])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    expect((await call(designer, 'PATCH', url, { resolved: false })).json().resolved).toBe(false);
  });

  it('refuses bad pins with a 400 keyed by path, and nothing is recorded', async () => {
    const { buyer, designer, orderId, design, archive } = await deliveredOrder();
    const other = await deliveredOrder();
    const cases: Array<[unknown[], string]> = [
      [[pin(design, { note: '' })], 'pins.0.note'],
      [[pin(design), pin(design, { note: 'x'.repeat(501) })], 'pins.1.note'],
      [[pin(design, { x: 'left' })], 'pins.0.x'],
      [[pin('not-an-id')], 'pins.0.fileId'],
      [Array.from({ length: 51 }, () => pin(design)), 'pins'],
      // Outside the file's bounding box (0..10 mm on each axis).
      [[pin(design), pin(design, { z: 10.5 })], 'pins.1'],
      // A file of another order, even one the buyer can read.
      [[pin(other.design)], 'pins.0.fileId'],
      [[pin(other.scan)], 'pins.0.fileId'],
      // The layers shown with a pin: this order's meshes only, as ids, at most 100.
      [[pin(design, { visibleFileIds: [design, other.scan] })], 'pins.0.visibleFileIds.1'],
      [[pin(design, { visibleFileIds: ['upper-jaw'] })], 'pins.0.visibleFileIds.0'],
      // A file of this order that is no mesh (the scene never draws it).
      [[pin(design, { visibleFileIds: [design, archive] })], 'pins.0.visibleFileIds.1'],
      [[pin(design, { visibleFileIds: design })], 'pins.0.visibleFileIds'],
      [[pin(design, { visibleFileIds: Array.from({ length: 101 }, () => design) })], 'pins.0.visibleFileIds'],
    ];
    for (const [pins, key] of cases) {
      const res = await call(buyer, 'POST', `/api/orders/${orderId}/revision`, { note: 'Please adjust', pins });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), key).toContain(key);
    }
    // Neither a note nor a pin: nothing says what to change.
    const empty = await call(buyer, 'POST', `/api/orders/${orderId}/revision`, { note: '', pins: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty('note');
    const order = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
    expect(order.status).toBe('delivered');
    expect(order.revisionsUsed).toBe(0);
    // The designer cannot send pins as a revision; another buyer cannot either.
    expect((await call(designer, 'POST', `/api/orders/${orderId}/revision`, { pins: [pin(design)] })).statusCode).toBe(403);
    expect((await call(other.buyer, 'POST', `/api/orders/${orderId}/revision`, { pins: [pin(design)] })).statusCode).toBe(403);
    // Pins alone are a revision request.
    const ok = await call(buyer, 'POST', `/api/orders/${orderId}/revision`, { pins: [pin(design, { x: 10, y: 0, z: 0 })] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('revision_requested');
  });

  it('resolving waits for the revision: not while the order is only in progress or completed', async () => {
    const { designer, buyer, orderId, design } = await deliveredOrder();
    await call(buyer, 'POST', `/api/orders/${orderId}/revision`, { pins: [pin(design)] });
    const pinId = (await call(designer, 'GET', `/api/orders/${orderId}`)).json().events.at(-1).pins[0]._id;
    const second = await uploadMesh(designer, 'crown-36-v2.stl');
    expect((await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [second] })).statusCode).toBe(200);
    // On the next delivery the designer can still mark it.
    expect((await call(designer, 'PATCH', `/api/orders/${orderId}/pins/${pinId}`, { resolved: true })).statusCode).toBe(200);
    // Accepting records the approved files: the latest delivery's by default; a file that is no design is refused.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/accept`, { files: [(await call(buyer, 'GET', `/api/orders/${orderId}`)).json().attachments[0]._id] })).statusCode).toBe(400);
    const accepted = await call(buyer, 'POST', `/api/orders/${orderId}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().events.at(-1)).toMatchObject({ type: 'completed', approvedFiles: [second] });
    expect((await call(designer, 'PATCH', `/api/orders/${orderId}/pins/${pinId}`, { resolved: false })).statusCode).toBe(409);
    expect((await call(designer, 'GET', `/api/orders/${orderId}`)).json().pinsResolvable).toBe(false);
  });
});
