import { describe, expect, it } from 'vitest';
import { newServiceInput, signUpDesigner, useTestApp } from '../../../test/helper.js';

/** What a service designs (docs/product.md §7.1): declared, validated, answered and filtered. */

const { app } = await useTestApp({ CATALOGUE_CACHE_MS: '0' });

type Session = { cookie: string };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

describe('service capabilities', () => {
  it('are declared at creation (defaults when left out), validated, returned and changed', async () => {
    const designer = await signUpDesigner(app);
    const plain = await call(designer, 'POST', '/api/services', newServiceInput());
    expect(plain.json()).toMatchObject({ restorations: ['crown'], materials: ['zirconia_monolithic'], software: [], outputFormats: ['stl'] });

    const full = await call(designer, 'POST', '/api/services', newServiceInput({
      title: 'Implant crowns and bridges',
      restorations: ['implant_crown_screw', 'bridge_retainer', 'pontic', 'pontic'],
      materials: ['titanium', 'zirconia_monolithic'],
      software: ['exocad'],
      outputFormats: ['stl', 'exocad_project'],
    }));
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ restorations: ['implant_crown_screw', 'bridge_retainer', 'pontic'], materials: ['titanium', 'zirconia_monolithic'], software: ['exocad'], outputFormats: ['stl', 'exocad_project'] });
    expect((await call(null, 'GET', `/api/services/single/${full.json()._id}`)).json()).toMatchObject({ software: ['exocad'], outputFormats: ['stl', 'exocad_project'] });

    const bad = await call(designer, 'POST', '/api/services', newServiceInput({ restorations: [], materials: ['gold'], software: ['catia'], outputFormats: ['stl', '3shape_project'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      restorations: 'Please choose at least one of the restorations.',
      'materials.0': expect.stringContaining('Choose the materials from:'),
      'software.0': expect.stringContaining('Choose the software from:'),
    });
    const project = await call(designer, 'POST', '/api/services', newServiceInput({ outputFormats: ['stl', '3shape_project'], software: ['exocad'] }));
    expect(project.statusCode).toBe(400);
    expect(project.json().fieldErrors).toEqual({ 'outputFormats.1': 'Delivering 3Shape project files needs 3Shape among the software.' });

    // An update is checked with what is stored: dropping exocad while its project files are offered is refused.
    const dropped = await call(designer, 'PATCH', `/api/services/${full.json()._id}`, { software: ['3shape'] });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().fieldErrors).toEqual({ 'outputFormats.1': 'Delivering exocad project files needs exocad among the software.' });
    const changed = await call(designer, 'PATCH', `/api/services/${full.json()._id}`, { restorations: ['custom_abutment'], outputFormats: ['ply'], software: ['3shape'] });
    expect(changed.json()).toMatchObject({ restorations: ['custom_abutment'], materials: ['titanium', 'zirconia_monolithic'], software: ['3shape'], outputFormats: ['ply'] });
    expect((await call(designer, 'PATCH', `/api/services/${full.json()._id}`, { materials: [] })).statusCode).toBe(400);
  });

  it('filter the lists by restoration, material and software', async () => {
    const designer = await signUpDesigner(app);
    const make = async (title: string, capabilities: object) =>
      (await call(designer, 'POST', '/api/services', newServiceInput({ title, ...capabilities }))).json()._id as string;
    await make('Veneers in e.max', { restorations: ['veneer'], materials: ['lithium_disilicate'], software: ['3shape'], outputFormats: ['stl'] });
    await make('Zirconia bridges', { restorations: ['bridge_retainer', 'pontic', 'crown'], materials: ['zirconia_monolithic'], software: ['exocad'], outputFormats: ['stl'] });
    await make('Abutments', { restorations: ['custom_abutment'], materials: ['titanium', 'zirconia_monolithic'], software: ['exocad', 'blender_for_dental'], outputFormats: ['stl'] });
    const titles = async (query: string) => {
      const res = await call(null, 'GET', `/api/gigs?userId=${designer.user._id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { titles: res.json().map((s: { title: string }) => s.title).sort(), total: Number(res.headers['x-total-count']) };
    };
    expect(await titles('restoration=veneer')).toEqual({ titles: ['Veneers in e.max'], total: 1 });
    expect(await titles('material=zirconia_monolithic')).toEqual({ titles: ['Abutments', 'Zirconia bridges'], total: 2 });
    expect(await titles('software=exocad&restoration=pontic')).toEqual({ titles: ['Zirconia bridges'], total: 1 });
    expect(await titles('software=blender_for_dental&material=lithium_disilicate')).toEqual({ titles: [], total: 0 });
    expect((await call(null, 'GET', `/api/services?userId=${designer.user._id}&material=titanium`)).json().map((s: { title: string }) => s.title)).toEqual(['Abutments']);
    const unknown = await call(null, 'GET', '/api/gigs?restoration=bridge');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)).toEqual(['restoration']);
  });
});
