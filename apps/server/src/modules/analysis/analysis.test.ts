import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { orderFiles } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, GOOD_CARD } from '../../../test/orders.js';
import { SCAN_FINDING_MESSAGES } from '@cusp/shared';
import { asciiPly, binaryStl, cube, openCube, scaled, zipBomb } from '../../platform/mesh/test-meshes.js';
import { resumePendingAnalyses } from './analysis.service.js';
import { meshFindings, suspectUnit, toAnalysisJson } from './findings.js';

const { app, ctx } = await useTestApp();

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function upload(who: Session, name: string, data: Buffer) {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  return app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
}

/** Waits for a pending check through the metadata route (bounded at 60 s: a loaded machine is slow, never stuck). */
async function settled(who: Session, id: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const res = await call(who, 'GET', `/api/order-files/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().analysis.status !== 'pending') return res.json();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the scan check never finished');
}

describe('scan checks at upload', () => {
  it('answers the analysis with the upload, and GET /api/orders/{id} shows it for both parties only', async () => {
    const { designer, service } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const res = await upload(buyer, 'UpperJaw.stl', binaryStl(openCube(40)));
    expect(res.statusCode, res.body).toBe(201);
    expect(['done', 'pending']).toContain(res.json().analysis.status);
    const file = await settled(buyer, res.json()._id);
    expect(file.analysis).toMatchObject({
      status: 'done',
      triangles: 10,
      vertices: 8,
      bbox: { x: 40, y: 40, z: 40 },
      areaMm2: 8000,
      shells: 1,
      holes: 1,
      degenerate: 0,
    });
    // A jaw scan is open: the hole is information, not a warning; 10 triangles for 8000 mm² is coarse.
    expect(file.analysis.findings.map((f: { level: string; code: string }) => [f.level, f.code])).toEqual([
      ['warning', 'low_resolution'],
      ['info', 'open_scan'],
    ]);
    expect(file.analysis.findings[0].message).toMatch(/^Only 10 triangles for 8000 mm²/);

    const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1, teeth: [11], attachments: [res.json()._id] });
    expect(intent.statusCode, intent.body).toBe(201);
    const { _id: paymentId, orderId } = intent.json();
    await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD);
    expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);

    for (const who of [buyer, designer]) {
      const order = (await call(who, 'GET', `/api/orders/${orderId}`)).json();
      expect(order.attachments[0].analysis).toMatchObject({ status: 'done', triangles: 10, holes: 1 });
      expect((await call(who, 'GET', `/api/order-files/${res.json()._id}`)).json().analysis.triangles).toBe(10);
    }

    // A delivered design is expected closed: its hole is a warning.
    const design = await upload(designer, 'design.stl', binaryStl(openCube(10)));
    expect(design.statusCode, design.body).toBe(201);
    await settled(designer, design.json()._id);
    expect((await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [design.json()._id] })).statusCode).toBe(200);
    const delivered = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
    const event = delivered.events.find((e: { type: string }) => e.type === 'delivered');
    expect(event.files[0].analysis.findings.map((f: { code: string; level: string }) => `${f.level}:${f.code}`)).toContain('warning:open_holes');

    // Anyone else: the order, the file's bytes and its record are all out of reach.
    const stranger = await signUpAndLogin(app);
    expect((await call(stranger, 'GET', `/api/orders/${orderId}`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/order-files/${res.json()._id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/orders/${orderId}/files/${res.json()._id}`)).statusCode).toBe(403);
  });

  it('warns about units and reads ZIPs, without blocking the upload', async () => {
    const buyer = await signUpAndLogin(app);
    const metres = await upload(buyer, 'crown.stl', binaryStl(scaled(cube(10), 0.001)));
    expect(metres.statusCode, metres.body).toBe(201);
    const m = await settled(buyer, metres.json()._id);
    expect(m.analysis.findings[0]).toMatchObject({ level: 'warning', code: 'units_suspect', params: { unit: 'm' } });
    expect(m.analysis.findings[0].message).toContain('metres');

    const zip = zipSync({ 'upper.stl': binaryStl(cube(10)), 'lower.ply': asciiPly(cube(20)) });
    const archive = await upload(buyer, 'case.zip', Buffer.from(zip));
    expect(archive.statusCode, archive.body).toBe(201);
    const z = await settled(buyer, archive.json()._id);
    expect(z.analysis).toMatchObject({ status: 'done', triangles: 24, shells: 2, holes: 0 });
    expect(z.analysis.parts.map((p: { name: string }) => p.name)).toEqual(['upper.stl', 'lower.ply']);

    const photo = await call(buyer, 'GET', `/api/order-files/${archive.json()._id}`);
    expect(photo.statusCode).toBe(200);
  });

  it('a model saved ×1000 too large (the 10 mm cube read as 10,000 mm: micrometres) is flagged end to end, and only that', async () => {
    const buyer = await signUpAndLogin(app);
    const res = await upload(buyer, 'lower-prep.stl', binaryStl(scaled(cube(10), 1000)));
    expect(res.statusCode, res.body).toBe(201);
    // Parsed in the worker from the stored file, figures kept, findings derived when the file is shown.
    const file = await settled(buyer, res.json()._id);
    expect(file.analysis).toMatchObject({ status: 'done', triangles: 12, shells: 1, holes: 0, bbox: { x: 10000, y: 10000, z: 10000 } });
    expect(file.analysis.findings).toEqual([
      {
        level: 'warning',
        code: 'units_suspect',
        params: { size: 10000, unit: 'um', unitName: 'micrometres' },
        message: 'Read as millimetres, the model is 10000 mm across, which is unusual: it was probably saved in micrometres.',
      },
    ]);
    // The same cube at its true size has nothing to say about units.
    const plain = await settled(buyer, (await upload(buyer, 'lower-prep-mm.stl', binaryStl(cube(10)))).json()._id);
    expect(plain.analysis.findings.map((f: { code: string }) => f.code)).not.toContain('units_suspect');
  });

  it('refuses a mesh without triangles at once, keeping nothing', async () => {
    const buyer = await signUpAndLogin(app);
    const before = await ctx.db.select().from(orderFiles);
    const header = Buffer.alloc(84);
    header.write('empty', 0, 'latin1');
    const res = await upload(buyer, 'empty.stl', header);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This file has no triangles: there is no surface in it.', fieldErrors: { file: expect.any(String) } });
    const ply = await upload(buyer, 'scan.ply', Buffer.from('ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n'));
    expect(ply.statusCode).toBe(400);
    expect(await ctx.db.select().from(orderFiles)).toHaveLength(before.length);
  });

  it('refuses a ZIP bomb at upload from its directory, and one whose headers lie while inflating it (docs/decisions/0052)', async () => {
    const buyer = await signUpAndLogin(app);
    const before = await ctx.db.select().from(orderFiles);
    const bomb = await upload(buyer, 'case.zip', zipBomb(300));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ code: 'CASE_FILE_UNREADABLE', message: SCAN_FINDING_MESSAGES.archive_too_large, fieldErrors: { file: expect.any(String) } });
    expect(await ctx.db.select().from(orderFiles)).toHaveLength(before.length);
    // Claims 1 KB, unpacks to 300 MB: refused within the upload's wait, or failed by the check just after.
    const liar = await upload(buyer, 'case.zip', zipBomb(300, { declared: 1024 }));
    if (liar.statusCode === 400) expect(liar.json().message).toBe(SCAN_FINDING_MESSAGES.archive_too_large);
    else {
      expect(liar.statusCode, liar.body).toBe(201);
      const file = await settled(buyer, liar.json()._id);
      expect(file.analysis).toMatchObject({ status: 'failed', findings: [{ level: 'error', code: 'archive_too_large' }] });
    }
  });

  it('refuses a file found unreadable during the wait; a later failure is stored as failed', async () => {
    const buyer = await signUpAndLogin(app);
    const bad = await upload(buyer, 'scan.obj', Buffer.from('v 0 0 0\nv 1 0 0\nf 1 2 3\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This file is damaged or cut short and cannot be read.');

    // A file stored without its check (a restart in between): the job checks it, and fails it if unreadable.
    const good = await upload(buyer, 'bite.stl', binaryStl(cube(10)));
    const id = good.json()._id;
    await settled(buyer, id);
    await ctx.db.update(orderFiles).set({ analysis: null }).where(eq(orderFiles.id, id));
    expect((await call(buyer, 'GET', `/api/order-files/${id}`)).json().analysis).toMatchObject({ status: 'pending', triangles: 0, findings: [] });
    expect(await resumePendingAnalyses(ctx)).toBeGreaterThanOrEqual(1);
    expect((await call(buyer, 'GET', `/api/order-files/${id}`)).json().analysis).toMatchObject({ status: 'done', triangles: 12 });

    const [row] = await ctx.db.select().from(orderFiles).where(eq(orderFiles.id, id));
    await ctx.storage.put(row!.storageKey, (await import('node:stream')).Readable.from([binaryStl(cube(10)).subarray(0, 200)]));
    await ctx.db.update(orderFiles).set({ analysis: null }).where(eq(orderFiles.id, id));
    await resumePendingAnalyses(ctx);
    expect((await call(buyer, 'GET', `/api/order-files/${id}`)).json().analysis).toMatchObject({
      status: 'failed',
      findings: [{ level: 'error', code: 'unreadable', message: 'This file is damaged or cut short and cannot be read.' }],
    });
  });
});

describe('findings', () => {
  const figures = { triangles: 200_000, vertices: 100_000, bbox: { x: 60, y: 50, z: 20 }, areaMm2: 5000, shells: 1, holes: 1, boundaryEdges: 300, nonManifoldEdges: 0, degenerate: 0 };

  it('names the likely unit of a model a thousand or 25 times off', () => {
    expect(suspectUnit(60)).toBeNull();
    expect(suspectUnit(0.06)).toBe('m');
    expect(suspectUnit(2.4)).toBe('in');
    expect(suspectUnit(60_000)).toBe('um');
    expect(suspectUnit(1000)).toBe('unknown');
  });

  it('expects a jaw scan open and a design closed', () => {
    expect(meshFindings(figures, { closed: false })).toEqual([expect.objectContaining({ level: 'info', code: 'open_scan' })]);
    expect(meshFindings(figures, { closed: true })).toEqual([expect.objectContaining({ level: 'warning', code: 'open_holes', message: 'The model has 1 open hole(s) where a closed surface is expected.' })]);
    const byName = (name: string) => toAnalysisJson({ kind: 'stl', name, design: false, analysis: { status: 'done', at: '', ...figures } })!.findings[0]!.code;
    expect(byName('LowerJaw.stl')).toBe('open_scan');
    expect(byName('CrownDesign_11.stl')).toBe('open_holes');
    expect(byName('bridge-14-16.stl')).toBe('open_holes');
  });

  it('warns about many shells and a share of degenerate triangles, and says nothing about a good scan', () => {
    expect(meshFindings({ ...figures, holes: 0 }, { closed: false })).toEqual([]);
    expect(meshFindings({ ...figures, holes: 0, shells: 14 }, { closed: false }).map((f) => f.code)).toEqual(['many_shells']);
    expect(meshFindings({ ...figures, holes: 0, degenerate: 5 }, { closed: false }).map((f) => f.level)).toEqual(['info']);
    expect(meshFindings({ ...figures, holes: 0, degenerate: 500 }, { closed: false }).map((f) => f.level)).toEqual(['warning']);
  });

  it('is null for photos', () => {
    expect(toAnalysisJson({ kind: 'jpeg', name: 'smile.jpg', design: false, analysis: null })).toBeNull();
  });
});
