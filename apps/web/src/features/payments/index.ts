/** The payments feature's public surface for other features (its pages are lazy-loaded by the router). */
export { useCreateIntent } from './api/payments';
