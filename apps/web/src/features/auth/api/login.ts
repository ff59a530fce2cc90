import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@cusp/shared';
import { api } from '@/lib/api';
import { meQueryKey } from './me';

export interface LoginBody {
  email: string;
  password: string;
}

export async function login(body: LoginBody): Promise<SessionUser> {
  const { user } = await api.post<{ user: SessionUser }>('/auth/login', body);
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
