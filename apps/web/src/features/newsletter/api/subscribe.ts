import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** 201 with a message the first time, 200 'You are already subscribed.' afterwards (docs/product.md §11.2). */
export function subscribe(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/newsletter', body);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
