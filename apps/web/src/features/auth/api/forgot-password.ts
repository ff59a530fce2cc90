import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Always answers 200 with a message, whether or not the address has an account (docs/product.md §4.3). */
export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
