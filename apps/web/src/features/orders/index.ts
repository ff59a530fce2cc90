/** The orders feature's public surface for other features (its pages are lazy-loaded by the router). */
export { ReviewsList } from './components/ReviewsList';
export { OrderEventNotice } from './components/OrderEventNotice';
