/** The payouts feature's public surface (issue 20): the administrator's money tabs (the /payouts page is lazy-loaded by the router). */
export { DisputesTab, PayoutsTab, TotalsTab } from './components/AdminMoney';
