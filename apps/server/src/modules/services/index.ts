/** The services module's public entry (docs/decisions/0029): the catalogue, its cache and designers' figures. */
export { servicesRoutes } from './services.routes.js';
export { catalogueChanged } from './catalogue-cache.js';
export { refreshCatalogueStatistics } from './statistics.js';
export { designerSums, statsFor, sumsFields, toProfileStats } from './designer-stats.js';
export { createService, listServices, setHidden } from './services.service.js';
export { turnaroundOf } from './service.presenter.js';
export { catalogueIndexOf, followDatabase, type CatalogueChanges } from './catalogue-index/catalogue-index.js';
