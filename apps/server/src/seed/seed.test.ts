import { expect, it } from 'vitest';
import { SERVICE_TAGS } from '@cusp/shared';
import { useTestApp } from '../../test/helper.js';
import { expectLedgerBalanced } from '../../test/orders.js';
import { resumePendingAnalyses } from '../modules/analysis/index.js';
import { seedDemo } from './index.js';

const { app, ctx } = await useTestApp();

it('seeds a living catalogue once: 13 designers, 40 services over every tag, real cover images', async () => {
  expect(await seedDemo(ctx)).toBe(true);
  expect(await seedDemo(ctx)).toBe(false);

  const designers = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&limit=100' });
  expect(designers.json()).toHaveLength(13);
  const gigs = await app.inject({ method: 'GET', url: '/api/gigs?limit=100' });
  const items = gigs.json() as Array<{ tags: string[]; cover: string }>;
  expect(items).toHaveLength(40);
  expect(new Set(items.flatMap((s) => s.tags))).toEqual(new Set(SERVICE_TAGS));
  // Every rating shown is made of reviews anyone can read: "4.3 (6 reviews)" lists those six.
  const rated = (items as unknown as Array<{ _id: string; starNumber: number; totalStars: number }>).filter((s) => s.starNumber > 0);
  expect(rated.length).toBeGreaterThan(20);
  for (const service of rated) {
    const list = (await app.inject({ method: 'GET', url: `/api/reviews?serviceId=${service._id}&limit=50` })).json() as Array<{ star: number }>;
    expect([list.length, list.reduce((sum, review) => sum + review.star, 0)]).toEqual([service.starNumber, service.totalStars]);
  }

  const cover = await app.inject({ method: 'GET', url: items[0]!.cover });
  expect(cover.statusCode).toBe(200);
  expect(cover.headers['content-type']).toBe('image/webp');
  expect(cover.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lina_haddad@cusp.test', password: 'designer-demo-1' } });
  expect(login.statusCode).toBe(200);
  // The designers completed their profiles through the users' service, the administrator's command verified two
  // in three, and the demo designer is one of them (its account is made by seed/demo-accounts.ts).
  const byName = new Map((designers.json() as Array<{ username: string; isVerified: boolean; tags: string[]; software: string[] }>).map((d) => [d.username, d]));
  expect(byName.get('demo_designer')).toMatchObject({ isVerified: true, tags: ['Crown', 'Implant'], software: ['exocad', '3Shape'] });
  expect(byName.get('sara_ortho')).toMatchObject({ isVerified: false, tags: ['Ortho'], software: ['3Shape', 'Blender for Dental'] });
  expect(byName.get('kids_smile_lab')).toMatchObject({ isVerified: true, tags: ['Pediatric'] });
  expect([...byName.values()].filter((d) => d.isVerified)).toHaveLength(9);

  // The demo buyer has two conversations with history; one waits for the buyer to read it.
  const buyer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'buyer@cusp.test', password: 'buyer-demo-1' } });
  const cookie = `cusp_session=${buyer.cookies.find((c) => c.name === 'cusp_session')!.value}`;
  const list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie } })).json();
  expect(list).toHaveLength(2);
  const withDesigner = list.find((c: { sellerID: { username: string } }) => c.sellerID.username === 'demo_designer');
  const history = (await app.inject({ method: 'GET', url: `/api/messages/${withDesigner._id}`, headers: { cookie } })).json();
  const chat = history.filter((m: { event: unknown }) => !m.event);
  expect(chat.map((m: { role: string }) => m.role)).toEqual(['user', 'designer', 'user', 'designer']);
  // Lina's reply waits for the buyer; the demo designer's thread ends with the buyer's own review.
  expect((await app.inject({ method: 'GET', url: '/api/conversations/unread-count', headers: { cookie } })).json()).toEqual({ count: 1 });

  // Demo orders, made through the real order functions: one in progress, two delivered, one reviewed.
  const orders = (await app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } })).json();
  expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(['completed', 'delivered', 'delivered', 'in_progress']);
  expect(history.filter((m: { event: unknown }) => m.event)).not.toHaveLength(0);
  // Each with a real prescription (docs/product.md §5.1) its service can design; the buyer's default preset.
  const teeth = orders.map((o: { prescription: { units: Array<{ tooth: number; restoration: string; material: string; shade?: string }> } }) => o.prescription.units.map((u) => `${u.tooth} ${u.restoration} ${u.material} ${u.shade ?? ''}`.trim()));
  expect(teeth).toEqual(
    expect.arrayContaining([
      ['14 bridge_retainer zirconia_monolithic A2', '15 pontic zirconia_monolithic A2', '16 bridge_retainer zirconia_monolithic A2'],
      ['36 implant_crown_screw zirconia_monolithic A3'],
      ['36 crown zirconia_monolithic A2'],
      [13, 12, 11, 21, 22, 23].map((tooth) => `${tooth} veneer lithium_disilicate BL2`),
    ]),
  );
  expect(orders.map((o: { quantity: number }) => o.quantity).sort()).toEqual([1, 1, 3, 6]);

  // The review case (docs/decisions/0038): the quadrant with 36 prepared, the antagonist and the crown, in one coordinate
  // system; the scan-check job measures them as it does at start.
  await resumePendingAnalyses(ctx, 50);
  const crownCase = orders.find((o: { prescription: { caseRef: string } }) => o.prescription.caseRef === 'CR-36-204');
  const detail = (await app.inject({ method: 'GET', url: `/api/orders/${crownCase._id}`, headers: { cookie } })).json();
  const [prep, antagonist] = detail.attachments;
  const crown = detail.events.find((e: { type: string }) => e.type === 'delivered').files[0];
  expect([prep.role, antagonist.role, crown.name]).toEqual(['prep', 'upper_jaw', 'crown-36.stl']);
  expect(crown.analysis).toMatchObject({ status: 'done', shells: 1, holes: 0, degenerate: 0, findings: [] });
  expect(prep.analysis).toMatchObject({ status: 'done', shells: 1, holes: 1 });
  const total = [prep, antagonist, crown].reduce((sum, file) => sum + file.analysis.triangles, 0);
  expect(total).toBeGreaterThan(200_000);
  expect(total).toBeLessThan(400_000);
  // The crown sits on the preparation: its box lies within the quadrant's along the arch and across it.
  expect(crown.analysis.bbox.x).toBeGreaterThan(10);
  expect(crown.analysis.bbox.x).toBeLessThan(prep.analysis.bbox.x);
  const presets = (await app.inject({ method: 'GET', url: '/api/preferences', headers: { cookie } })).json();
  expect(presets[0]).toMatchObject({ name: 'Posterior zirconia (our lab)', isDefault: true, material: 'zirconia_monolithic', shade: 'A2' });
  expect(presets.filter((p: { isDefault: boolean }) => p.isDefault)).toHaveLength(1);
  expect((items as unknown as Array<{ restorations: string[]; materials: string[] }>).every((s) => s.restorations.length > 0 && s.materials.length > 0)).toBe(true);
  const veneers = (await app.inject({ method: 'GET', url: '/api/gigs?restoration=veneer&material=lithium_disilicate&limit=100' })).json();
  expect(veneers.map((s: { title: string }) => s.title)).toContain('Six-unit veneer smile design');
  await expectLedgerBalanced(ctx.db);
});
