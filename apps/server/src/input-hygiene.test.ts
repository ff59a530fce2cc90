import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../test/helper.js';
import { designerWithService } from '../test/orders.js';

/** ADR 0023: numbers that come as text are decimal digits; direction controls in text and file names. */
const { app } = await useTestApp();

type Session = { cookie: string; user: { _id: string; username: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

describe('numbers typed as text', () => {
  it('a quantity is decimal digits: hex, exponents, spaces and signs are a 400 naming it; Arabic-Indic and Persian digits count', async () => {
    const { service } = await designerWithService(app);
    const buyer = (await signUpAndLogin(app)) as Session;
    const quote = (quantity: unknown) => call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, quantity });
    for (const bad of ['0x10', '0X2', '1e1', '2e0', ' 2', '2 ', '+2', '', 'Infinity', '0b10', '0o7', '2,0', '١e١']) {
      const res = await quote(bad);
      expect(res.statusCode, `${JSON.stringify(bad)} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { quantity: expect.any(String) } });
    }
    for (const [typed, quantity] of [['3', 3], ['٣', 3], ['۳', 3], ['١٢', 12], [3, 3]] as const) {
      const res = await quote(typed);
      expect(res.statusCode, `${typed} ${res.body}`).toBe(200);
      expect(res.json().lineItems[0]).toMatchObject({ quantity });
    }
  });

  it('query numbers too: a limit, an offset and a price bound', async () => {
    const buyer = (await signUpAndLogin(app)) as Session;
    for (const url of ['/api/orders?limit=0x10', '/api/orders?limit=1e1', '/api/orders?offset=%2B1', '/api/orders?limit=%205', '/api/gigs?min=0x10', '/api/gigs?max=1e3']) {
      const res = await call(buyer, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
    for (const url of ['/api/orders?limit=10', `/api/orders?limit=${encodeURIComponent('١٠')}`, `/api/gigs?min=${encodeURIComponent('۱۰')}`, '/api/gigs?min=10.5']) {
      const res = await call(buyer, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });
});
