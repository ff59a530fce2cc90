/** The user as the API returns it (docs/product.md §15.1). Never carries a password or its hash. */
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
  /** CAD software the designer works with (docs/product.md §7.6). */
  software: string[];
  createdAt: string;
}

/** The caller's own user: the public fields plus contact details and the admin flag. */
export interface SessionUser extends PublicUser {
  email: string;
  phone: string;
  isAdmin: boolean;
}

/** Figures of a designer's profile boxes, computed from real data (issue 3). */
export interface ProfileStats {
  /** Average stars over all reviews of the designer's services, 0 when none. */
  rating: number;
  reviews: number;
  services: number;
  completedOrders: number;
  /** Lowest and highest service price in major units, null without services. */
  priceRange: { min: number; max: number } | null;
}

export interface ProfileJson extends PublicUser {
  stats: ProfileStats;
}

/** A designer card of the browse page. */
export interface DesignerCardJson extends PublicUser {
  stats: ProfileStats;
}
