import type { ServiceJson } from '@cusp/shared';

/** The fields a service card shows (the contract is packages/shared's ServiceJson). */
export type ServiceSummary = Pick<
  ServiceJson,
  '_id' | 'title' | 'cover' | 'toothPrice' | 'unitOrArch' | 'userID' | 'totalStars' | 'starNumber'
>;
