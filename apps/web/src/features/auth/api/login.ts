import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryKey } from './me';
import type { CurrentUser } from '@/lib/domain';

export interface LoginBody {
  email: string;
  password: string;
}

export async function login(body: LoginBody): Promise<CurrentUser> {
  const { user } = await api.post<{ user: CurrentUser }>('/auth/login', body);
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
