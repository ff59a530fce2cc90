import { z } from 'zod';
import { numeric } from './fields.js';
import { errorCode } from '../error-code.js';

/**
 * Turnaround tiers (docs/decisions/0041): beside the service's standard delivery time, a rush
 * tier (fewer days, a surcharge) and a standby tier (more days, a discount). The buyer picks one when ordering;
 * the server prices it and sets the due date from its days. One place for the rule, read by the server's
 * pricing and the web's order form alike.
 */
export const TURNAROUND_TIERS = ['rush', 'standard', 'standby'] as const;
export type TurnaroundTier = (typeof TURNAROUND_TIERS)[number];

export const TIER_DAYS_MAX = 180;
export const RUSH_SURCHARGE_MAX = 200;
export const STANDBY_DISCOUNT_MAX = 90;

export const TURNAROUND_MESSAGES = {
  badTier: 'Choose the turnaround: rush, standard or standby.',
  tierNotOffered: 'This service does not offer that turnaround.',
  days: `A turnaround takes 1 to ${TIER_DAYS_MAX} days.`,
  surcharge: `The rush surcharge is 1 to ${RUSH_SURCHARGE_MAX} percent.`,
  discount: `The standby discount is 1 to ${STANDBY_DISCOUNT_MAX} percent.`,
  rushFaster: 'Rush delivery must take fewer days than the standard delivery time.',
  standbySlower: 'Standby delivery must take more days than the standard delivery time.',
  extraRevisionPrice: 'The price of an extra revision must be greater than zero, with at most two decimals.',
} as const;

const days = numeric(z.number({ error: errorCode('TURNAROUND_DAYS') }).int(errorCode('TURNAROUND_DAYS')).min(1, errorCode('TURNAROUND_DAYS')).max(TIER_DAYS_MAX, errorCode('TURNAROUND_DAYS')));
const percent = (max: number, message: string) => numeric(z.number({ error: message }).int(message).min(1, message).max(max, message));

export const rushTierSchema = z.object({ days, surchargePercent: percent(RUSH_SURCHARGE_MAX, errorCode('RUSH_SURCHARGE')) });
export const standbyTierSchema = z.object({ days, discountPercent: percent(STANDBY_DISCOUNT_MAX, errorCode('STANDBY_DISCOUNT')) });

/** A service's tiers: null where one is not offered. */
export const turnaroundSchema = z.object({
  rush: rushTierSchema.nullable().default(null),
  standby: standbyTierSchema.nullable().default(null),
});
export type Turnaround = z.output<typeof turnaroundSchema>;
export type TurnaroundJson = Turnaround;

export const NO_TURNAROUND: Turnaround = { rush: null, standby: null };

/** The tier the intent asks for (`standard` when absent). */
export const tierSchema = z.enum(TURNAROUND_TIERS, { error: errorCode('TURNAROUND_TIER') }).default('standard');

/** The tiers' days against the standard delivery time: rush faster, standby slower (path, message). */
export function turnaroundIssues(deliveryTime: number, turnaround: Turnaround): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (turnaround.rush && turnaround.rush.days >= deliveryTime) issues.push({ path: ['turnaround', 'rush', 'days'], message: errorCode('RUSH_NOT_FASTER') });
  if (turnaround.standby && turnaround.standby.days <= deliveryTime) issues.push({ path: ['turnaround', 'standby', 'days'], message: errorCode('STANDBY_NOT_SLOWER') });
  return issues;
}

/** Whether the service offers this tier (standard always). */
export const offersTier = (turnaround: Turnaround, tier: TurnaroundTier) => tier === 'standard' || turnaround[tier] !== null;

/** The tier's delivery days. */
export function tierDays(deliveryTime: number, turnaround: Turnaround, tier: TurnaroundTier): number {
  return tier === 'standard' ? deliveryTime : (turnaround[tier]?.days ?? deliveryTime);
}

/**
 * The tier's price change on `base` (minor units): + the rush surcharge, − the standby discount, rounded to the
 * nearest minor unit; a discount never brings the price below one minor unit.
 */
export function tierAdjustment(base: number, turnaround: Turnaround, tier: TurnaroundTier): number {
  if (tier === 'rush' && turnaround.rush) return Math.round((base * turnaround.rush.surchargePercent) / 100);
  if (tier === 'standby' && turnaround.standby) return -Math.min(base - 1, Math.round((base * turnaround.standby.discountPercent) / 100));
  return 0;
}
