import { fromMinor, type ServiceJson, type Turnaround } from '@cusp/shared';
import type { ServiceRow, UserRow } from '../../db/schema/index.js';

export type ServiceOwner = Pick<UserRow, 'id' | 'username' | 'image' | 'isVerified'>;

/** A service's turnaround tiers (docs/decisions/0041) from its columns: a tier is offered when its days are set. */
export function turnaroundOf(row: Pick<ServiceRow, 'rushDays' | 'rushSurchargePercent' | 'standbyDays' | 'standbyDiscountPercent'>): Turnaround {
  return {
    rush: row.rushDays !== null && row.rushSurchargePercent !== null ? { days: row.rushDays, surchargePercent: row.rushSurchargePercent } : null,
    standby: row.standbyDays !== null && row.standbyDiscountPercent !== null ? { days: row.standbyDays, discountPercent: row.standbyDiscountPercent } : null,
  };
}

/** The API's service, both spellings of each field kept (docs/product.md §15.1); money in major units. */
export function toServiceJson(row: ServiceRow, owner: ServiceOwner, currency: string): ServiceJson {
  const toothPrice = fromMinor(row.toothPrice, currency);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.tags[0] ?? '',
    tags: row.tags,
    cover: row.cover,
    images: row.images,
    toothPrice,
    price: toothPrice,
    crownPrice: row.crownPrice === null ? null : fromMinor(row.crownPrice, currency),
    unitOrArch: row.unitOrArch,
    unit: row.unitOrArch,
    toothQuantity: 1,
    deliveryTime: row.deliveryTime,
    revisions: row.revisions,
    turnaround: turnaroundOf(row),
    extraRevisionPrice: row.extraRevisionPrice === null ? null : fromMinor(row.extraRevisionPrice, currency),
    restorations: row.restorations,
    materials: row.materials,
    software: row.software,
    outputFormats: row.outputFormats,
    totalStars: row.totalStars,
    starNumber: row.starNumber,
    sales: row.sales,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    username: owner.username,
    profilePic: owner.image,
    userID: { _id: owner.id, username: owner.username, image: owner.image, isVerified: owner.isVerified },
  };
}
