/** The payouts module's public entry (docs/decisions/0029, 0036): designers' withdrawals and the platform's totals. */
export { payoutsRoutes } from './payouts.routes.js';
export { adminListPayouts, adminTotals, decidePayout, sealLegacyPayoutDetails } from './payouts.service.js';
