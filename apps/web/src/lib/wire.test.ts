import { describe, expect, it } from 'vitest';
import { fromWire } from './wire';

describe('fromWire', () => {
  it('names ids and the records an …ID key holds in the domain’s words, at every depth', () => {
    const message = { _id: 'm1', conversationID: 'c1', userID: { _id: 'u1', username: 'lina' }, attachments: [{ url: '/a', name: 'a.stl' }] };
    expect(fromWire(message)).toEqual({ id: 'm1', conversationId: 'c1', user: { id: 'u1', username: 'lina' }, attachments: [{ url: '/a', name: 'a.stl' }] });
    expect(fromWire([{ _id: 'o1', sellerID: { _id: 's1' }, buyerID: { _id: 'b1' } }])).toEqual([{ id: 'o1', seller: { id: 's1' }, buyer: { id: 'b1' } }]);
  });

  it('turns the upload answer’s snake_case keys into camelCase, and leaves keys that are data alone', () => {
    expect(fromWire({ _id: 'v1', secure_url: '/v', original_filename: 'a.mp4', resource_type: 'video' })).toEqual({ id: 'v1', secureUrl: '/v', originalFilename: 'a.mp4', resourceType: 'video' });
    const counts = { in_progress: 2, pending_payment: 1, '11': 'crown' };
    expect(fromWire(counts)).toEqual(counts);
  });

  it('keeps values, tuples and nulls as they are, and is idempotent', () => {
    const pin = { _id: 'p1', camera: { position: [1, 2, 3], target: [0, 0, 0] }, note: null, status: 'in_progress' };
    const once = fromWire(pin);
    expect(once).toEqual({ id: 'p1', camera: { position: [1, 2, 3], target: [0, 0, 0] }, note: null, status: 'in_progress' });
    expect(fromWire(once)).toEqual(once);
    expect(fromWire('text')).toBe('text');
    expect(fromWire(null)).toBeNull();
  });
});
