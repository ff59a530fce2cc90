import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryKey } from './me';

/** `POST /auth/verify-email`: the token of the link mailed at sign-up (docs/decisions/0050). */
export function verifyEmail(token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/verify-email', { token });
}

/** Confirms the address; a signed-in tab then shows the member as confirmed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** `POST /auth/verify-email/resend`: a new link for the signed-in member (limited per member). */
export function resendVerification(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
