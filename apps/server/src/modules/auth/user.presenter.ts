import type { PublicUser, SessionUser } from '@cusp/shared';
import type { UserRow } from '../../db/schema/index.js';

/** A user as anyone may see it (docs/product.md §15.1): never an e-mail, phone, password or hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    image: row.image,
    isSeller: row.isDesigner,
    isDesigner: row.isDesigner,
    isVerified: row.isVerified,
    role: row.specializations.join(', '),
    experience: row.experience,
    description: row.description,
    website: row.website,
    wallpaper: row.wallpaper,
    tags: row.specializations,
    software: row.cadSoftware,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own user, with the contact details only they may see. */
export function toSessionUser(row: UserRow): SessionUser {
  return { ...toPublicUser(row), email: row.email, phone: row.phone, isAdmin: row.isAdmin, emailVerified: row.emailVerifiedAt !== null };
}
