import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CurrentUser } from '@/lib/domain';

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  picture: File | null;
}

/** JSON without a picture; multipart with the picture in field `picture`. Does not log in. */
export async function register({ picture, ...fields }: RegisterBody): Promise<CurrentUser> {
  if (!picture) {
    const { user } = await api.post<{ user: CurrentUser }>('/auth/register', fields);
    return user;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('picture', picture);
  const { user } = await api.postForm<{ user: CurrentUser }>('/auth/register', form);
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
