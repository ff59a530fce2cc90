/** Case files (docs/product.md §8.1): what `/api/file` answers. Dates are ISO strings set by the server. */
export const FILE_KINDS = ['stl', 'ply', 'obj', 'zip', 'jpeg', 'png'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Extensions accepted for each kind; the content must agree with the extension. */
export const FILE_EXTENSIONS: Record<FileKind, readonly string[]> = {
  stl: ['stl'],
  ply: ['ply'],
  obj: ['obj'],
  zip: ['zip'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
};

/** Kinds the 3D viewer can open. */
export const MESH_KINDS: readonly FileKind[] = ['stl', 'ply', 'obj'];

// What the file routes answer (FileRecordJson, SharedFileJson) is in ../responses/files.ts.
