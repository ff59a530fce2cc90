/** The listings module's (the designers' service listings) public entry (docs/decisions/0029): the catalogue, its cache and designers' figures. */
export { listingsRoutes } from './listings.routes.js';
export { catalogueChanged } from './catalogue-cache.js';
export { refreshCatalogueStatistics } from './statistics.js';
export { designerSums, statsFor, sumsFields, toProfileStats } from './designer-stats.js';
export { createService, listServices, setHidden } from './listings.service.js';
export { turnaroundOf } from './listing.presenter.js';
export { catalogueIndexOf, followDatabase, type CatalogueChanges } from './catalogue-index/catalogue-index.js';
