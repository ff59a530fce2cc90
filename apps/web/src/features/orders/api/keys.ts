/** Query keys of the orders feature; reviews change a service's rating, so they sit beside orders. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  balance: ['orders', 'balance'] as const,
};

export type ReviewsFilter = { serviceId: string } | { userId: string };

export const reviewsKeys = {
  all: ['reviews'] as const,
  list: (filter: ReviewsFilter) => ['reviews', filter] as const,
};
