import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { designerWithService } from '../../../test/orders.js';

/** Saved prescription presets (docs/product.md §5.1): CRUD, at most 20, one default, owner only, copied into orders. */

const { app } = await useTestApp();

type Session = { cookie: string };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const DESIGN = { cementGapMicrons: 60, extraCementGapMicrons: 30, distanceToMarginMm: 0.8, contactStrength: 'light', occlusion: 'out_of_occlusion', outputFormats: ['stl', 'ply'] };

describe('/api/preferences', () => {
  it('creates, lists, reads, changes and deletes presets, with one default at most', async () => {
    const buyer = await signUpAndLogin(app);
    expect((await call(null, 'GET', '/api/preferences')).statusCode).toBe(401);
    expect((await call(buyer, 'GET', '/api/preferences')).json()).toEqual([]);

    const first = await call(buyer, 'POST', '/api/preferences', { name: 'Posterior zirconia', design: DESIGN, material: 'zirconia_monolithic', shade: 'a3,5', isDefault: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Posterior zirconia', design: DESIGN, material: 'zirconia_monolithic', shade: 'A3.5', isDefault: true });
    // Defaults fill a design left out; the pontic shape is a case's, not a preset's.
    const second = (await call(buyer, 'POST', '/api/preferences', { name: 'Anterior e.max', material: 'lithium_disilicate', isDefault: true })).json();
    expect(second.design).toEqual({ cementGapMicrons: 40, extraCementGapMicrons: 20, distanceToMarginMm: 0.5, contactStrength: 'medium', occlusion: 'light_contact', outputFormats: ['stl'] });
    expect(second).toMatchObject({ shade: null, isDefault: true });
    const list = (await call(buyer, 'GET', '/api/preferences')).json();
    expect(list.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault])).toEqual([['Anterior e.max', true], ['Posterior zirconia', false]]);

    const patched = await call(buyer, 'PATCH', `/api/preferences/${first.json()._id}`, { isDefault: true, shade: 'BL2', name: 'Posterior monolithic' });
    expect(patched.json()).toMatchObject({ name: 'Posterior monolithic', shade: 'BL2', isDefault: true, design: DESIGN });
    expect((await call(buyer, 'GET', `/api/preferences/${second._id}`)).json().isDefault).toBe(false);

    const bad = await call(buyer, 'POST', '/api/preferences', { name: '', design: { cementGapMicrons: 500, ponticType: 'ovate' }, shade: 'Z9', material: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['design', 'design.cementGapMicrons', 'material', 'name', 'shade'].filter((k) => k in bad.json().fieldErrors).sort());
    expect(bad.json().fieldErrors).toMatchObject({ name: 'Please give the preset a name.', 'design.cementGapMicrons': 'The cement gap is 0 to 200 micrometres.' });
    const taken = await call(buyer, 'POST', '/api/preferences', { name: 'posterior MONOLITHIC' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ name: 'You already have a preset with this name.' });

    expect((await call(buyer, 'DELETE', `/api/preferences/${second._id}`)).statusCode).toBe(204);
    expect((await call(buyer, 'GET', `/api/preferences/${second._id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', '/api/preferences')).json()).toHaveLength(1);
  });

  it('keeps at most 20 presets', async () => {
    const buyer = await signUpAndLogin(app);
    for (let i = 1; i <= 20; i++) expect((await call(buyer, 'POST', '/api/preferences', { name: `Preset ${i}` })).statusCode).toBe(201);
    const over = await call(buyer, 'POST', '/api/preferences', { name: 'Preset 21' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can save at most 20 presets. Delete one first.');
    expect((await call(buyer, 'GET', '/api/preferences')).json()).toHaveLength(20);
  });

  it("is its owner's only: another member can neither read, change, delete nor order with it", async () => {
    const owner = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const preset = (await call(owner, 'POST', '/api/preferences', { name: 'Mine', design: DESIGN, isDefault: true })).json();
    const url = `/api/preferences/${preset._id}`;
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', url, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/preferences')).json()).toEqual([]);
    expect((await call(owner, 'GET', url)).json()).toMatchObject({ name: 'Mine', isDefault: true });

    const { service } = await designerWithService(app, { outputFormats: ['stl', 'ply'] });
    const units = [{ tooth: 36, restoration: 'crown', material: 'zirconia_monolithic', shade: 'A3' }];
    const stolen = await call(other, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: { units }, presetId: preset._id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().fieldErrors).toEqual({ presetId: 'Preset not found.' });

    // The owner orders with it: the order keeps a copy, which a later edit of the preset does not change.
    const intent = await call(owner, 'POST', '/api/payments/intents', { type: 'service', id: service._id, prescription: { units }, presetId: preset._id });
    expect(intent.statusCode, intent.body).toBe(201);
    const orderUrl = `/api/orders/${intent.json().orderId}`;
    expect((await call(owner, 'GET', orderUrl)).json().prescription.design).toEqual(DESIGN);
    await call(owner, 'PATCH', url, { design: { cementGapMicrons: 10 } });
    expect((await call(owner, 'GET', orderUrl)).json().prescription.design).toEqual(DESIGN);
  });
});
