/**
 * Scan checks (docs/decisions/0026): what the server measured in an order's mesh files and
 * what it found. The English `message` is for API clients; the web app translates by `code` with `params`.
 */

export const SCAN_CHECK_STATUSES = ['pending', 'done', 'failed'] as const;
export type ScanCheckStatus = (typeof SCAN_CHECK_STATUSES)[number];
export const SCAN_FINDING_LEVELS = ['error', 'warning', 'info'] as const;
export type ScanFindingLevel = (typeof SCAN_FINDING_LEVELS)[number];
export const SCAN_FINDING_CODES = [
  'not_a_mesh',
  'no_triangles',
  'unreadable',
  'archive_too_large',
  'units_suspect',
  'low_resolution',
  'open_holes',
  'open_scan',
  'many_shells',
  'degenerate_triangles',
  'zip_no_meshes',
  'zip_partly_checked',
] as const;
export type ScanFindingCode = (typeof SCAN_FINDING_CODES)[number];

/** The unit a mesh's size suggests it was saved in, when not millimetres. */
export type SuspectUnit = 'm' | 'in' | 'um' | 'unknown';

// The JSON of a scan check (ScanAnalysisJson, ScanFindingJson, ScanFiguresJson) is in ../responses/orders.ts.

export const SCAN_UNIT_NAMES: Record<SuspectUnit, string> = { m: 'metres', in: 'inches', um: 'micrometres', unknown: 'another unit' };

/** English texts; `{name}` is replaced by `params.name`. */
export const SCAN_FINDING_MESSAGES: Record<ScanFindingCode, string> = {
  not_a_mesh: 'This file is not a 3D mesh that Cusp can read.',
  no_triangles: 'This file has no triangles: there is no surface in it.',
  unreadable: 'This file is damaged or cut short and cannot be read.',
  archive_too_large: 'This archive unpacks to too much (more than 200 MB, more than 1,000 files, or over 100 times its own size): it was not checked. Send the meshes in a smaller archive or one by one.',
  units_suspect: 'Read as millimetres, the model is {size} mm across, which is unusual: it was probably saved in {unitName}.',
  low_resolution: 'Only {triangles} triangles for {area} mm² of surface: the scan or design may be too coarse for the work.',
  open_holes: 'The model has {holes} open hole(s) where a closed surface is expected.',
  open_scan: 'Open surface ({holes} boundary): normal for a jaw scan.',
  many_shells: 'The file holds {shells} separate pieces: loose fragments or several objects in one file.',
  degenerate_triangles: '{degenerate} triangles have no area (slivers or repeated corners).',
  zip_no_meshes: 'This archive holds no STL, PLY or OBJ mesh to check.',
  zip_partly_checked: '{skipped} more mesh(es) in the archive were not checked.',
};

export function scanFindingMessage(code: ScanFindingCode, params: Record<string, string | number>): string {
  const text = SCAN_FINDING_MESSAGES[code].replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
  return params.part ? `${params.part}: ${text}` : text;
}
