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

describe('direction controls in free text', () => {
  it('are removed from a chat message and a service before they are stored', async () => {
    const { designer, service } = await designerWithService(app, { title: 'Crown\u202E design\u2066', description: 'Full \u202Bcontour\u202C crown designed in exocad, STL ready for milling.' });
    expect(service).toMatchObject({ title: 'Crown design', description: 'Full contour crown designed in exocad, STL ready for milling.' });
    const buyer = (await signUpAndLogin(app)) as Session;
    const conversation = (await call(buyer, 'POST', '/api/conversations', { to: designer.user._id })).json();
    const sent = await call(buyer, 'POST', '/api/messages', { conversationID: conversation.conversationID, description: 'pay to\u202E 0987 \u200Fnow', clientId: crypto.randomUUID() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().description).toBe('pay to 0987 now');
    const history = (await call(buyer, 'GET', `/api/messages/${conversation.conversationID}`)).json();
    expect(history.map((m: { description: string }) => m.description)).toEqual(['pay to 0987 now']);
    // Nothing but direction controls is an empty message.
    const empty = await call(buyer, 'POST', '/api/messages', { conversationID: conversation.conversationID, description: '\u202E\u202C', clientId: crypto.randomUUID() });
    expect(empty.statusCode).toBe(400);
  });
});
