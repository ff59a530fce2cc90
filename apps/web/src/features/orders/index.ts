/** The orders feature's public surface for other features (its pages are lazy-loaded by the router). */
export { ReviewsList } from './components/ReviewsList';
export { OrderEventNotice } from './components/OrderEventNotice';
/** The order form in a modal, in a chunk of its own: use it as `lazy(loadOrderServiceModal)`. */
export const loadOrderServiceModal = () => import('./components/OrderServiceModal').then((m) => ({ default: m.OrderServiceModal }));
export { useDentalLabels } from './lib/dental-labels';
export { DisputeCard } from './components/DisputeActions';
