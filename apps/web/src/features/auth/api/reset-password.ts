import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ResetPasswordBody {
  token: string;
  password: string;
  confirmPassword: string;
}

export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
