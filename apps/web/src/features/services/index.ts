/** The services feature's public surface. */
export { LatestServicesSlider } from './components/LatestServicesSlider';
export { ServiceCard } from './components/ServiceCard';
export type { ServiceSummary } from './types';
