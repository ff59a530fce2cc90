import { z } from 'zod';

/**
 * What the server answers about users (docs/product.md §15.1), as zod schemas (docs/decisions/0039): registered as
 * the routes' response schemas, so a field not listed here (a password hash, an email in a public answer) never
 * leaves; the types are derived from them.
 */

/** The user as the API returns it. Never carries a password or its hash, nor contact details. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  isSeller: z.boolean(),
  isDesigner: z.boolean(),
  isVerified: z.boolean(),
  role: z.string(),
  experience: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  wallpaper: z.string().nullable(),
  tags: z.array(z.string()),
  /** CAD software the designer works with (docs/product.md §7.6). */
  software: z.array(z.string()),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The caller's own user: the public fields plus contact details and the admin flag. */
export const sessionUserSchema = publicUserSchema.extend({
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  /** Whether the account's e-mail address was confirmed by a link (ADR 0050): selling, payout details and paying wait for it. */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `{ user }`: what signing up, signing in and `GET /auth/me` answer. */
export const sessionUserAnswerSchema = z.object({ user: sessionUserSchema });

/** Figures of a designer's profile boxes, computed from real data (docs/product.md §7.6). */
export const profileStatsSchema = z.object({
  /** Average stars over all reviews of the designer's services, 0 when none. */
  rating: z.number(),
  reviews: z.number(),
  services: z.number(),
  completedOrders: z.number(),
  /** Lowest and highest service price in major units, null without services. */
  priceRange: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

export const profileJsonSchema = publicUserSchema.extend({ stats: profileStatsSchema });
export type ProfileJson = z.infer<typeof profileJsonSchema>;

/** A designer card of the browse page. */
export const designerCardJsonSchema = publicUserSchema.extend({ stats: profileStatsSchema });
export type DesignerCardJson = z.infer<typeof designerCardJsonSchema>;
export const designerCardListJsonSchema = z.array(designerCardJsonSchema);
