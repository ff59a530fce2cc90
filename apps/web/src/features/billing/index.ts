/** The billing feature's public surface (issue 20 item 3, ADR 0042): the settings page's Billing tab and an item's documents. */
export { BillingTab } from './components/BillingTab';
export { ItemDocuments } from './components/ItemDocuments';
