/** The catalogue feature's public surface for other features (its pages are lazy-loaded by the router). */
export { CategorySelect } from './components/CategorySelect';
export { ImageField } from './components/ImageField';
export { PagedGrid } from './components/PagedGrid';
export { SearchBox } from './components/SearchBox';
