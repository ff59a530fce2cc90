import { describe, expect, it } from 'vitest';
import type { MessageJson } from '@cusp/shared';
import { fromWire } from '@/lib/wire';
import { buildMessage as buildWireMessage } from '../test-utils';
import { HISTORY_PAGE_SIZE, latestPage, mergeMessages, withEarlier, withMessages, type ChatMessage } from './chat';

const buildMessage = (overrides: Partial<MessageJson> = {}) => fromWire(buildWireMessage(overrides));
const stored = (id: string) => buildMessage({ _id: id, clientId: `client-${id}`, description: id });
const pending = (clientId: string): ChatMessage => ({ ...buildMessage({ _id: `pending-${clientId}`, clientId, description: clientId }), isOptimistic: true });
const ids = (list: ChatMessage[] | undefined) => (list ?? []).map((m) => m.id);
const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => stored(`m${from + i}`));

describe('mergeMessages', () => {
  it('appends live messages once, before the pending ones, and replaces a pending one by its stored message', () => {
    const mine = pending('mine-1');
    let list = mergeMessages([stored('m1'), mine], [stored('m2')]);
    list = mergeMessages(list, [stored('m2')]);
    expect(ids(list)).toEqual(['m1', 'm2', 'pending-mine-1']);
    list = mergeMessages(list, [buildMessage({ _id: 'm3', clientId: 'mine-1' })]);
    expect(ids(list)).toEqual(['m1', 'm2', 'm3']);
  });

  it('puts a catch-up right after its anchor, around the messages delivered live meanwhile', () => {
    // m5 and m3 came over the socket after the reconnect, before the catch-up's answer.
    expect(ids(mergeMessages([stored('m0'), stored('m5')], run(1, 5), { after: 'm0' }))).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect(ids(mergeMessages([stored('m0'), stored('m3')], run(1, 4), { after: 'm0' }))).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('puts an earlier page in front, keeping pending messages last', () => {
    const list = mergeMessages([stored('m4'), stored('m5'), pending('p1')], run(1, 3), { before: 'm4' });
    expect(ids(list)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'pending-p1']);
  });
});

describe('history pages', () => {
  const page = (from: number, to: number) => run(from, to);

  it('expects earlier messages only after a full page', () => {
    expect(latestPage(page(71, 120)).hasEarlier).toBe(true);
    expect(latestPage(page(1, HISTORY_PAGE_SIZE - 1)).hasEarlier).toBe(false);
  });

  it('adds earlier pages in front until a short one says the beginning is reached', () => {
    let history = withMessages(latestPage(page(71, 120)), [stored('m121')]);
    history = withEarlier(history, 'm71', page(21, 70));
    expect(history?.hasEarlier).toBe(true);
    history = withEarlier(history, 'm21', page(1, 20));
    expect(history?.hasEarlier).toBe(false);
    expect(ids(history?.messages)).toEqual(run(1, 121).map((m) => m.id));
  });

  it('drops an earlier page when the chat was loaded again meanwhile (no gap)', () => {
    const reloaded = latestPage(page(101, 150));
    expect(withEarlier(reloaded, 'm71', page(21, 70))).toBe(reloaded);
    expect(withEarlier(undefined, 'm71', page(21, 70))).toBeUndefined();
  });
});
