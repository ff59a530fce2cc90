import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { newUserInput, signUpAndLogin, signUpDesigner, useTestApp } from '../../test/helper.js';
import { baseUrl, socketFor } from '../../test/sockets.js';
import { loadConfig } from '../config.js';
import { addressKey, clientAddress, parseTrustProxy, proxyTrust, type TrustProxy } from './client-address.js';
import { LIMITS, LOGIN } from './rate-limit/limits.js';

/**
 * The client's address behind proxies and the key per-address limits count it under (docs/decisions/0049).
 * The app below stands behind one proxy (TRUST_PROXY=true): the test is the proxy, at 10.0.0.2, and appends the
 * real client's address to whatever X-Forwarded-For the client wrote, as a load balancer does.
 */
const { app, ctx } = await useTestApp({ TRUST_PROXY: 'true' });

const PROXY = '10.0.0.2';
let n = 0;
/** A fresh real client address per call, so tests share no counter. */
const realClient = () => `198.51.100.${++n}`;
/** What reaches the server through the proxy: the client's own header, then the address the proxy saw. */
const throughProxy = (spoofed: string, real: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': `${spoofed}, ${real}` } });

const ticket = { name: 'Dr. Lina Haddad', subject: 'Invoice question', message: 'Where do I find my invoice?' };

describe('TRUST_PROXY', () => {
  it('takes false, true (one hop), a hop count, or a list of proxy addresses and ranges; anything else stops the start with a message', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).trustProxy).toEqual({ addresses: ['10.0.0.0/8', '2001:db8::/32', 'loopback'] });
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.300', '21', '10.0.0.1, proxy.internal', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be true, false, a number of proxies|TRUST_PROXY: must be a number of proxies between 0 and 20/);
    }
    expect(parseTrustProxy('10.0.0.300')).toMatchObject({ error: expect.stringContaining('10.0.0.300') });
  });

  it("gives sockets (clientAddress) exactly Fastify's request.ip, for every kind of setting", async () => {
    const settings: TrustProxy[] = [false, { hops: 1 }, { hops: 2 }, { addresses: ['10.0.0.0/8'] }, { addresses: ['192.0.2.10', '10.0.0.3'] }];
    for (const setting of settings) {
      const trust = proxyTrust(setting);
      const probe = Fastify({ trustProxy: trust });
      probe.get('/', async (request) => ({ ip: request.ip, ours: clientAddress(request.raw, trust) }));
      for (const forwarded of [undefined, '203.0.113.7', '203.0.113.7, 10.0.0.3', ' 2001:db8::1 ,10.0.0.2, 10.0.0.3', '', 'garbage, 10.0.0.3']) {
        const res = await probe.inject({ url: '/', remoteAddress: '192.0.2.10', headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } });
        const { ip, ours } = res.json();
        expect(ours, `${JSON.stringify(setting)} ${forwarded}`).toBe(ip);
      }
      await probe.close();
    }
  });

  it('is the right-most address that is not a trusted proxy: what the client wrote on the left never counts', () => {
    const raw = (forwarded: string, remoteAddress = PROXY) => ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress } }) as unknown as Parameters<typeof clientAddress>[0];
    const spoofed = '203.0.113.9, 127.0.0.1, 198.51.100.7';
    expect(clientAddress(raw(spoofed), proxyTrust(false))).toBe(PROXY);
    expect(clientAddress(raw(spoofed), proxyTrust({ hops: 1 }))).toBe('198.51.100.7');
    // Two proxies: the nearest appended 10.0.0.5 (the outer proxy's address), the outer one the client's.
    expect(clientAddress(raw(`${spoofed}, 10.0.0.5`), proxyTrust({ hops: 2 }))).toBe('198.51.100.7');
    expect(clientAddress(raw(`${spoofed}, 10.0.0.5`), proxyTrust({ addresses: ['10.0.0.0/8'] }))).toBe('198.51.100.7');
    // A peer that is not in the list is the client itself, whatever it says.
    expect(clientAddress(raw(spoofed, '192.0.2.99'), proxyTrust({ addresses: ['10.0.0.0/8'] }))).toBe('192.0.2.99');
  });
});

describe('behind the proxy, a spoofed X-Forwarded-For does not escape the per-address limits', () => {
  it('sign-in: 30 wrong passwords with 30 made-up left-most addresses are blocked as one address', async () => {
    const input = newUserInput();
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: realClient() })).statusCode).toBe(201);
    const attacker = realClient();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: 'wrong-password-1' }, ...throughProxy(`203.0.113.${i}, 127.0.0.1`, attacker) });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN.freeFailures + 1)).toEqual(Array(LOGIN.freeFailures + 1).fill(401));
    expect(statuses.slice(LOGIN.freeFailures + 1).every((s) => s === 429), statuses.join()).toBe(true);
    // The owner, at another real address, is not held by it.
    const owner = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password }, ...throughProxy('203.0.113.1', realClient()) });
    expect(owner.statusCode).toBe(200);
  });

  it("sign-in: the address-wide bound over every account counts the proxy's address, not the client's claim", async () => {
    const attacker = realClient();
    for (let i = 0; i < LIMITS.loginAddress.points; i++) await ctx.limits.count('loginAddress', attacker);
    const attempt = (spoofed: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: newUserInput().email, password: 'wrong-password-1' }, ...throughProxy(spoofed, attacker) });
    // The last failure the bound allows, then a refusal, each claiming another address.
    expect((await attempt('203.0.113.200')).statusCode).toBe(401);
    expect((await attempt('203.0.113.201')).statusCode).toBe(429);
  });

  it('support: 12 anonymous tickets with 12 made-up left-most addresses; only the first five are taken', async () => {
    const attacker = realClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: `anon${i}.${n}@example.com` }, ...throughProxy(`203.0.113.${i}, 127.0.0.1`, attacker) });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(LIMITS.supportAddress.points).fill(201), ...Array(12 - LIMITS.supportAddress.points).fill(429)]);
  });

  it("a socket's handshake address follows the same rule: two sockets with different made-up addresses share the real one's chat limit", async () => {
    const designer = await signUpDesigner(app);
    const [one, two] = [await signUpAndLogin(app), await signUpAndLogin(app)];
    const open = async (who: { cookie: string }) => {
      const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: who.cookie }, payload: { to: designer.user._id } });
      return res.json()._id as string;
    };
    const conversations = [await open(one), await open(two)];
    const attacker = realClient();
    const url = await baseUrl(app);
    // The test connects from 127.0.0.1, the one trusted hop; what it appends last is the real address.
    const sockets = [
      await socketFor(url, one.cookie, undefined, { 'x-forwarded-for': `203.0.113.1, ${attacker}` }),
      await socketFor(url, two.cookie, undefined, { 'x-forwarded-for': `203.0.113.2, ${attacker}` }),
    ];
    try {
      for (let i = 0; i < LIMITS.messagesAddress.points - 1; i++) await ctx.limits.count('messagesAddress', attacker);
      const send = (i: number) => sockets[i]!.timeout(10_000).emitWithAck('message:send', { conversationID: conversations[i]!, description: `Hello ${i}`, clientId: randomUUID() });
      expect((await send(0)).ok).toBe(true);
      expect(await send(1)).toEqual({ ok: false, code: 'RATE_LIMITED', message: 'Too many messages. Please try again in 1 minute.' });
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});

describe('IPv6 clients are counted by their /64', () => {
  it('keys an address as IPv4, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 prefix', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('not an address')).toBe('not an address');
  });

  it('sign-in: 30 wrong passwords from 30 addresses of one /64 are blocked as one address; another /64 is not', async () => {
    const input = newUserInput();
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: realClient() })).statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: 'wrong-password-1' }, remoteAddress: `2001:db8:77:1:${i.toString(16)}::${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN.freeFailures + 1)).toEqual(Array(LOGIN.freeFailures + 1).fill(401));
    expect(statuses.slice(LOGIN.freeFailures + 1).every((s) => s === 429), statuses.join()).toBe(true);
    const elsewhere = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password }, remoteAddress: '2001:db8:77:2::1' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('support: tickets from addresses of one /64 share its limit, and an IPv4-mapped address is its IPv4 one', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: `v6-${i}.${n}@example.com` }, remoteAddress: `2001:db8:88:1::${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(LIMITS.supportAddress.points).fill(201), 429, 429, 429]);
    const v4 = realClient();
    for (let i = 0; i < LIMITS.supportAddress.points; i++) await ctx.limits.count('supportAddress', v4);
    const mapped = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: `mapped.${n}@example.com` }, remoteAddress: `::ffff:${v4}` });
    expect(mapped.statusCode).toBe(429);
  });
});
