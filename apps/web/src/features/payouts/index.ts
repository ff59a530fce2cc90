/** The payouts feature's public surface (docs/product.md §6.6): the administrator's money tabs (the /payouts page is lazy-loaded by the router). */
export { DisputesTab, PayoutsTab, TotalsTab } from './components/AdminMoney';
