import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { signUpDesigner, newServiceInput } from './helper.js';

/**
 * The ledger's invariants (docs/decisions/0035): the entries over the whole platform sum to zero;
 * the `funding` account is exactly the money taken; escrow holds exactly the price of every paid, unfinished order
 * (disputed included) and nothing for the others; no account of anyone but `funding` is below zero; each payout's
 * entries match its status.
 */
export async function expectLedgerBalanced(db: Db) {
  const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [totals] = await q<{ ledger: string; funding: string; taken: string }>(sql`
    select (select coalesce(sum(amount), 0) from ledger_entries)::text as ledger,
           (select coalesce(sum(amount), 0) from ledger_entries where account = 'funding')::text as funding,
           (select coalesce(sum(amount), 0) from payments where used_at is not null)::text as taken`);
  expect(Number(totals!.ledger), 'the platform sums to zero').toBe(0);
  expect(0 - Number(totals!.funding) + 0, 'funding is the money taken').toBe(Number(totals!.taken));
  const wrongPayouts = await q<{ id: string }>(sql`
    select p.id from payouts p
    left join ledger_entries l on l.payout_id = p.id
    group by p.id, p.status, p.amount
    having coalesce(sum(l.amount) filter (where l.account = 'payout_reserved'), 0) <> case when p.status = 'requested' then p.amount else 0 end
        or coalesce(sum(l.amount) filter (where l.account = 'paid_out'), 0) <> case when p.status = 'paid' then p.amount else 0 end`);
  expect(wrongPayouts, 'payout entries follow their status').toEqual([]);
  const wrongEscrow = await q<{ id: string }>(sql`
    select o.id from orders o
    left join ledger_entries l on l.order_id = o.id and l.account = 'escrow'
    group by o.id, o.status, o.price
    having coalesce(sum(l.amount), 0) <> case when o.status in ('in_progress', 'delivered', 'revision_requested', 'disputed') then o.price else 0 end`);
  expect(wrongEscrow).toEqual([]);
  const negative = await q<{ account: string }>(sql`
    select account from ledger_entries where account <> 'funding' group by account, user_id having sum(amount) < 0`);
  expect(negative).toEqual([]);
}

/** A designer with one service at 25.00 per unit (one revision included), ready to be ordered. */
export async function designerWithService(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const designer = await signUpDesigner(app);
  const res = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ revisions: 1, ...overrides }) });
  if (res.statusCode !== 201) throw new Error(`service failed: ${res.statusCode} ${res.body}`);
  return { designer, service: res.json() as { _id: string; toothPrice: number } };
}

export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Dr Test' };

/** `PUT /api/payouts/details` as their owner, who proves it with the current password (docs/decisions/0051). */
export function savePayoutDetails(app: FastifyInstance, who: { cookie: string; input: { password: string } }, details: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: '/api/payouts/details', headers: { cookie: who.cookie }, payload: { ...details, password: who.input.password } });
}

/** As if the payout details had been saved 72 hours earlier: the hold on a new destination is over (ADR 0051). */
export async function endPayoutHold(db: Db, userId: string) {
  await db.execute(sql`update payout_details set changed_at = changed_at - interval '72 hours' where user_id = ${userId}`);
}
