/** The files feature's public surface for other features (its pages are lazy-loaded by the router). */
export { FilePreview } from './components/FilePreview';
export { ACCEPT, checkFile, formatBytes, isImageKind, isMeshKind } from './lib/file-rules';
