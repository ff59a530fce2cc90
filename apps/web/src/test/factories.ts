import type { SessionUser } from '@cusp/shared';

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'user-1',
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
