import { z } from 'zod';
import { SERVICE_TAGS } from '../constants.js';
import { mediaUrl, optionalMediaUrl, pageLimit, pageOffset, price, PRICE_MAX, requiredText, searchText } from './fields.js';

export const SELECT_A_TAG = 'Please select at least one tag.';
export const UNIT_OR_ARCH = ['unit', 'arch'] as const;

const tags = z
  .array(z.enum(SERVICE_TAGS, { error: `Choose tags from: ${SERVICE_TAGS.join(', ')}.` }), { error: SELECT_A_TAG })
  .min(1, SELECT_A_TAG)
  .max(SERVICE_TAGS.length)
  .transform((list) => [...new Set(list)]);

const serviceFields = {
  tags,
  title: requiredText('title', 120),
  description: requiredText('description', 5000, { multiLine: true }),
  toothPrice: price('toothPrice'),
  unitOrArch: z.enum(UNIT_OR_ARCH, { error: 'Choose Unit or Arch.' }).default('unit'),
  crownPrice: z.union([price('crownPrice'), z.null()]).optional(),
  deliveryTime: z.coerce.number().int('Delivery time is a whole number of days.').min(1, 'Delivery takes at least 1 day.').max(90, 'Delivery takes at most 90 days.').default(1),
  revisions: z.coerce.number().int('Revisions is a whole number.').min(0, 'Revisions cannot be negative.').max(20, 'At most 20 revisions.').default(1),
  cover: optionalMediaUrl,
  images: z.array(mediaUrl).max(8, 'At most 8 extra images.').default([]),
};

/** `POST /services` (docs/product.md §7.1). Prices are in the platform currency's major units. */
export const serviceCreateSchema = z.object(serviceFields);
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>;

/** `PATCH /services/{id}`: any subset, same rules. */
export const serviceUpdateSchema = z
  .object({
    tags: tags.optional(),
    title: serviceFields.title.optional(),
    description: serviceFields.description.optional(),
    toothPrice: serviceFields.toothPrice.optional(),
    unitOrArch: z.enum(UNIT_OR_ARCH).optional(),
    crownPrice: serviceFields.crownPrice,
    deliveryTime: z.coerce.number().int().min(1).max(90).optional(),
    revisions: z.coerce.number().int().min(0).max(20).optional(),
    cover: optionalMediaUrl,
    images: z.array(mediaUrl).max(8).optional(),
  })
  .strict();

export const SERVICE_SORTS = ['sales', 'createdAt', 'relevance'] as const;

/** A price bound of the list: '' is none; above the highest possible price it is a 400, as a negative one. */
const priceBound = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number().min(0).max(PRICE_MAX).optional());

/**
 * Query of `GET /gigs` and `GET /services` (docs/product.md §7.3, §15.3). `min`/`max` are major units; `min` above `max` is
 * an empty range, so an empty list (ADR 0023). `sort=relevance` without a search is the default order.
 */
export const serviceListQuery = z.object({
  cat: z.enum(SERVICE_TAGS).optional(),
  tag: z.enum(SERVICE_TAGS).optional(),
  search: searchText,
  min: priceBound,
  max: priceBound,
  sort: z.enum(SERVICE_SORTS).optional(),
  userId: z.uuid('userId must be a user id.').optional(),
  limit: pageLimit(24),
  offset: pageOffset,
});
export type ServiceListQuery = z.output<typeof serviceListQuery>;

export interface ServiceJson {
  _id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  cover: string | null;
  images: string[];
  toothPrice: number;
  price: number;
  crownPrice: number | null;
  unitOrArch: 'unit' | 'arch';
  unit: 'unit' | 'arch';
  toothQuantity: number;
  deliveryTime: number;
  revisions: number;
  totalStars: number;
  starNumber: number;
  sales: number;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
  username: string;
  profilePic: string | null;
  userID: { _id: string; username: string; image: string | null; isVerified: boolean };
}

/** `GET /services/single/{id}` adds the designer box of the detail page (docs/product.md §7.6). */
export interface ServiceDetailJson extends ServiceJson {
  designer: { rating: number; reviews: number; completedOrders: number; role: string; software: string[]; isVerified: boolean };
}
