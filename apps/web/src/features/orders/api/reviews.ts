import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ordersKeys, reviewsKeys, type ReviewsFilter } from './keys';
import type { Review } from '@/lib/domain';

/** How many reviews a list shows (the server's default and the newest ones). */
export const REVIEWS_LIMIT = 50;

/** `GET /api/reviews?serviceId=` or `?userId=` (the designer): newest first. */
export function reviewsQueryOptions(filter: ReviewsFilter) {
  const query = new URLSearchParams({ ...filter, limit: String(REVIEWS_LIMIT) }).toString();
  return queryOptions({
    queryKey: reviewsKeys.list(filter),
    queryFn: ({ signal }) => api.get<Review[]>(`/reviews?${query}`, { signal }),
  });
}

export function useReviews(filter: ReviewsFilter) {
  return useQuery(reviewsQueryOptions(filter));
}

export interface ReviewBody {
  orderId: string;
  star: number;
  desc: string;
}

/** `POST /api/reviews`: once per completed order, by its buyer (docs/product.md §5.7). The service's rating changes. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post<Review>('/reviews', body),
    onSuccess: (_review, body) => {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(body.orderId) });
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['services'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** `POST /api/reviews/{id}/reply`: the reviewed service's designer answers once (docs/product.md §5.7); the lists show it. */
export function useReplyToReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string }) => api.post<Review>(`/reviews/${encodeURIComponent(reviewId)}/reply`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
    },
  });
}
