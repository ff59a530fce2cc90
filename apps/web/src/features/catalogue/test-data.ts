import type { DesignerCardJson, ProfileJson, ServiceDetailJson, ServiceJson } from '@cusp/shared';

/** Test data in the API's shapes (packages/shared). */
export function buildService(overrides: Partial<ServiceJson> = {}): ServiceJson {
  return {
    _id: 'svc-1',
    title: 'Zirconia crown design',
    description: 'Anatomic full-contour crowns.',
    category: 'Crown',
    tags: ['Crown'],
    cover: null,
    images: [],
    toothPrice: 45,
    price: 45,
    crownPrice: null,
    unitOrArch: 'unit',
    unit: 'unit',
    toothQuantity: 1,
    deliveryTime: 2,
    revisions: 1,
    turnaround: { rush: null, standby: null },
    extraRevisionPrice: null,
    restorations: ['crown'],
    materials: ['zirconia_monolithic'],
    software: ['exocad'],
    outputFormats: ['stl'],
    totalStars: 9,
    starNumber: 2,
    sales: 3,
    hidden: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    username: 'dr.designer',
    profilePic: null,
    userID: { _id: 'designer-1', username: 'dr.designer', image: null, isVerified: true },
    ...overrides,
  };
}

export function buildServiceDetail(overrides: Partial<ServiceDetailJson> = {}): ServiceDetailJson {
  return {
    ...buildService(),
    designer: { rating: 4.5, reviews: 2, completedOrders: 3, role: 'Crown, Implant', software: ['exocad'], isVerified: true },
    ...overrides,
  };
}

export function buildProfile(overrides: Partial<ProfileJson> = {}): ProfileJson {
  return {
    _id: 'designer-1',
    username: 'dr.designer',
    image: null,
    isSeller: true,
    isDesigner: true,
    isVerified: true,
    role: 'Crown, Implant',
    experience: '3-5',
    description: 'Crowns and bridges since 2015.',
    website: null,
    wallpaper: null,
    tags: ['Crown', 'Implant'],
    software: ['exocad'],
    createdAt: '2026-01-01T00:00:00.000Z',
    stats: { rating: 4.5, reviews: 2, services: 1, completedOrders: 3, priceRange: { min: 45, max: 45 } },
    ...overrides,
  };
}

export function buildDesignerCard(overrides: Partial<DesignerCardJson> = {}): DesignerCardJson {
  return buildProfile(overrides);
}

/** A list answer with its X-Total-Count header (docs/product.md §15.3). */
export function listReply<T>(items: T[], total = items.length) {
  return { body: items, headers: { 'X-Total-Count': String(total) } };
}
