import { z } from 'zod';
import { MATERIALS, OUTPUT_FORMATS, RESTORATIONS, SOFTWARE } from '../dental/catalogue.js';

/**
 * What the server answers about services (docs/product.md §7, §15.4), as zod schemas (docs/decisions/0039): the
 * server registers them as the routes' response schemas (serialisation, and nothing outside them leaves), the
 * types below are derived from them, and the web app's API helpers are typed with those types. A field the
 * client needs must be added here, or it is dropped on the way out.
 */

/** The designer of a service, as the list and the detail page show them. */
export const serviceOwnerJsonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  isVerified: z.boolean(),
});

/** One service of `GET /gigs` (and the base of every other answer about a service). */
export const serviceJsonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  cover: z.string().nullable(),
  images: z.array(z.string()),
  toothPrice: z.number(),
  price: z.number(),
  crownPrice: z.number().nullable(),
  unitOrArch: z.enum(['unit', 'arch']),
  unit: z.enum(['unit', 'arch']),
  toothQuantity: z.number(),
  deliveryTime: z.number(),
  revisions: z.number(),
  /** Rush and standby tiers beside `deliveryTime` (docs/decisions/0041); null where not offered. */
  turnaround: z.object({
    rush: z.object({ days: z.number(), surchargePercent: z.number() }).nullable(),
    standby: z.object({ days: z.number(), discountPercent: z.number() }).nullable(),
  }),
  /** The price of one extra revision (major units); null: none sold. */
  extraRevisionPrice: z.number().nullable(),
  /** What the service designs (docs/product.md §7.1): codes of `RESTORATIONS`, `MATERIALS`, `SOFTWARE`, `OUTPUT_FORMATS`. */
  restorations: z.array(z.enum(RESTORATIONS)),
  materials: z.array(z.enum(MATERIALS)),
  software: z.array(z.enum(SOFTWARE)),
  outputFormats: z.array(z.enum(OUTPUT_FORMATS)),
  totalStars: z.number(),
  starNumber: z.number(),
  sales: z.number(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  username: z.string(),
  profilePic: z.string().nullable(),
  userID: serviceOwnerJsonSchema,
});
export type ServiceJson = z.infer<typeof serviceJsonSchema>;

/** `GET /gigs`, `GET /services`: a page of services (the total is in X-Total-Count). */
export const serviceListJsonSchema = z.array(serviceJsonSchema);

/** `GET /services/single/{id}` adds the designer box of the detail page (docs/product.md §7.6). */
export const serviceDetailJsonSchema = serviceJsonSchema.extend({
  designer: z.object({
    rating: z.number(),
    reviews: z.number(),
    completedOrders: z.number(),
    role: z.string(),
    software: z.array(z.string()),
    isVerified: z.boolean(),
  }),
});
export type ServiceDetailJson = z.infer<typeof serviceDetailJsonSchema>;
