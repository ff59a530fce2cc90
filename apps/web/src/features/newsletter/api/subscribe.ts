import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * 202 with the same message for every address (docs/decisions/0021, double opt-in): the server e-mails a
 * link that confirms the subscription; 429 when this network signed up too often.
 */
export function subscribe(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/newsletter', body);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
