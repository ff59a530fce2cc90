import type { UserRef } from '@cusp/shared';

/** Someone another record points at (a conversation's side, an order's party, an event's actor), as the modules hold them. */
export interface Person {
  id: string;
  username: string;
  image: string | null;
}

/** The wire's `{ _id, username, image }` (docs/product.md §15.1) is made here and nowhere else. */
export const toUserRef = (p: Person): UserRef => ({ _id: p.id, username: p.username, image: p.image });
