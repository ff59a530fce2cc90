/** The user as the API returns it (SPEC.md section 3, D2). Never carries a password or its hash. */
export interface PublicUser {
  _id: string;
  username: string;
  image: string | null;
  isSeller: boolean;
  isDesigner: boolean;
  isVerified: boolean;
  role: string;
  experience: string | null;
  description: string | null;
  website: string | null;
  wallpaper: string | null;
  tags: string[];
  createdAt: string;
}

/** The caller's own user: the public fields plus contact details and the admin flag. */
export interface SessionUser extends PublicUser {
  email: string;
  phone: string;
  isAdmin: boolean;
}
