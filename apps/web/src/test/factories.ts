
import type { CurrentUser } from '@/lib/domain';
export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    username: 'dr.lina',
    image: null,
    isSeller: false,
    isDesigner: false,
    isVerified: false,
    role: '',
    experience: null,
    description: null,
    website: null,
    wallpaper: null,
    tags: [],
    software: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    email: 'lina@example.com',
    phone: '+966500000000',
    isAdmin: false,
    emailVerified: true,
    ...overrides,
  };
}
