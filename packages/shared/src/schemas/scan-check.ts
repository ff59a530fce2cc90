/**
 * Scan checks (issue 17, docs/decisions/0026): what the server measured in an order's mesh files and
 * what it found. The English `message` is for API clients; the web app translates by `code` with `params`.
 */

export type ScanCheckStatus = 'pending' | 'done' | 'failed';
export type ScanFindingLevel = 'error' | 'warning' | 'info';
export type ScanFindingCode =
  | 'not_a_mesh'
  | 'no_triangles'
  | 'unreadable'
  | 'units_suspect'
  | 'low_resolution'
  | 'open_holes'
  | 'open_scan'
  | 'many_shells'
  | 'degenerate_triangles'
  | 'zip_no_meshes'
  | 'zip_partly_checked';

/** The unit a mesh's size suggests it was saved in, when not millimetres. */
export type SuspectUnit = 'm' | 'in' | 'um' | 'unknown';

export interface ScanFindingJson {
  level: ScanFindingLevel;
  code: ScanFindingCode;
  message: string;
  /** The values in the message (sizes, counts, the likely unit, the part of a ZIP it is about). */
  params: Record<string, string | number>;
}

export interface ScanFiguresJson {
  triangles: number;
  vertices: number;
  /** Bounding box in mm (the file's units read as mm). */
  bbox: { x: number; y: number; z: number };
  areaMm2: number;
  shells: number;
  holes: number;
  degenerate: number;
}

/** `analysis` of an order file (null for photos). Figures are 0 while pending and when failed. */
export interface ScanAnalysisJson extends ScanFiguresJson {
  status: ScanCheckStatus;
  findings: ScanFindingJson[];
  /** A ZIP: each mesh inside it (the figures above are their totals; bbox the largest per axis). */
  parts?: Array<ScanFiguresJson & { name: string }>;
}

export const SCAN_UNIT_NAMES: Record<SuspectUnit, string> = { m: 'metres', in: 'inches', um: 'micrometres', unknown: 'another unit' };

/** English texts; `{name}` is replaced by `params.name`. */
export const SCAN_FINDING_MESSAGES: Record<ScanFindingCode, string> = {
  not_a_mesh: 'This file is not a 3D mesh that Cusp can read.',
  no_triangles: 'This file has no triangles: there is no surface in it.',
  unreadable: 'This file is damaged or cut short and cannot be read.',
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
