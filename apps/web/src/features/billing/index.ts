/** The billing feature's public surface (ADR 0042): the settings page's Billing tab and an item's documents. */
export { BillingTab } from './components/BillingTab';
export { ItemDocuments } from './components/ItemDocuments';
