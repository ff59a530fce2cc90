
import type { Service } from '@/lib/domain';
/** The fields a service card shows (the contract is packages/shared's Service). */
export type ServiceSummary = Pick<
  Service,
  'id' | 'title' | 'cover' | 'toothPrice' | 'unitOrArch' | 'user' | 'totalStars' | 'starNumber'
>;
