import {
  SCAN_UNIT_NAMES,
  scanFindingMessage,
  type ScanAnalysisJson,
  type ScanFindingCode,
  type ScanFindingJson,
  type ScanFindingLevel,
  type SuspectUnit,
} from '@cusp/shared';
import type { MeshFigures, StoredAnalysis } from '../../platform/mesh/types.js';

/**
 * From figures to findings (docs/decisions/0026, DENTAL.md "Scans and files"). Derived each time a file
 * is shown rather than stored, so a file's findings follow its place in the order (a design delivered by
 * the designer is expected closed) and a changed threshold applies to every file at once.
 */

/** Largest extent, in mm, of anything Cusp expects: an inlay or a die (about 5 mm) up to a full arch with its base. */
export const PLAUSIBLE_SIZE_MM = { min: 5, max: 150 } as const;
/** Below this many triangles per mm² of surface (an average triangle over 1 mm²), detail is lost. */
export const LOW_RESOLUTION_PER_MM2 = 1;
/** More separate pieces than this is more than a scan's loose fragments or a few crowns in one file. */
export const MANY_SHELLS = 10;
/** Degenerate triangles are a warning from this share of all triangles (a few slivers are common). */
export const DEGENERATE_SHARE = 0.001;

/** Names of designed (closed) parts: crowns, bridges, copings, veneers, abutments, printed models... */
const DESIGN_NAME = /(^|[^a-z])(crowns?|bridges?|copings?|veneers?|inlays?|onlays?|abutments?|designs?|pontics?|models?|splints?|guards?|bars?)([^a-z]|$)/i;

export const isMeshKind = (kind: string) => kind === 'stl' || kind === 'ply' || kind === 'obj' || kind === 'zip';

/** The unit a largest extent of `size` suggests, or null when it is plausible in millimetres. */
export function suspectUnit(size: number): SuspectUnit | null {
  const { min, max } = PLAUSIBLE_SIZE_MM;
  const fits = (mm: number) => mm >= min && mm <= max;
  if (fits(size)) return null;
  if (size < min) {
    if (fits(size * 1000)) return 'm';
    if (fits(size * 25.4)) return 'in';
    return 'unknown';
  }
  return fits(size / 1000) ? 'um' : 'unknown';
}

const finding = (level: ScanFindingLevel, code: ScanFindingCode, params: Record<string, string | number> = {}): ScanFindingJson => ({
  level,
  code,
  message: scanFindingMessage(code, params),
  params,
});

const sig = (n: number) => Number(n.toPrecision(3));

/** Findings about one mesh; `closed` when a closed surface is expected there. */
export function meshFindings(f: MeshFigures, options: { closed: boolean; part?: string }): ScanFindingJson[] {
  const part: Record<string, string> = options.part ? { part: options.part } : {};
  const out: ScanFindingJson[] = [];
  const size = Math.max(f.bbox.x, f.bbox.y, f.bbox.z);
  const unit = suspectUnit(size);
  if (unit) out.push(finding('warning', 'units_suspect', { ...part, size: sig(size), unit, unitName: SCAN_UNIT_NAMES[unit] }));
  // Triangles per area mean nothing in the wrong unit.
  if (!unit && f.areaMm2 > 0 && f.triangles / f.areaMm2 < LOW_RESOLUTION_PER_MM2) {
    out.push(finding('warning', 'low_resolution', { ...part, triangles: f.triangles, area: Math.round(f.areaMm2) }));
  }
  if (f.holes > 0) out.push(options.closed ? finding('warning', 'open_holes', { ...part, holes: f.holes }) : finding('info', 'open_scan', { ...part, holes: f.holes }));
  if (f.shells > MANY_SHELLS) out.push(finding('warning', 'many_shells', { ...part, shells: f.shells }));
  if (f.degenerate > 0) {
    const level = f.degenerate >= f.triangles * DEGENERATE_SHARE ? 'warning' : 'info';
    out.push(finding(level, 'degenerate_triangles', { ...part, degenerate: f.degenerate }));
  }
  return out;
}

const ZERO = { triangles: 0, vertices: 0, bbox: { x: 0, y: 0, z: 0 }, areaMm2: 0, shells: 0, holes: 0, degenerate: 0 };
const shown = (f: MeshFigures) => ({ triangles: f.triangles, vertices: f.vertices, bbox: f.bbox, areaMm2: f.areaMm2, shells: f.shells, holes: f.holes, degenerate: f.degenerate });

/**
 * The `analysis` of an order file as the API answers it: null for photos, pending while the check has not
 * run, the error when it failed, otherwise the figures and findings. `design`: the file was delivered by
 * the designer (a closed surface is expected); otherwise its name decides (DENTAL.md: jaw scans are open).
 */
export function toAnalysisJson(file: { kind: string; name: string; analysis: StoredAnalysis | null; design: boolean }): ScanAnalysisJson | null {
  if (!isMeshKind(file.kind)) return null;
  const stored = file.analysis;
  if (!stored) return { status: 'pending', ...ZERO, findings: [] };
  if (stored.status === 'failed') return { status: 'failed', ...ZERO, findings: [finding('error', stored.error)] };
  const closed = (name: string) => file.design || DESIGN_NAME.test(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.\d]+/g, ' '));
  if (!stored.parts) return { status: 'done', ...shown(stored), findings: meshFindings(stored, { closed: closed(file.name) }) };
  const findings = stored.parts.flatMap((p) => meshFindings(p, { closed: closed(p.name), part: p.name }));
  if (stored.parts.length === 0) findings.push(finding('info', 'zip_no_meshes'));
  if (stored.skipped) findings.push(finding('info', 'zip_partly_checked', { skipped: stored.skipped }));
  return { status: 'done', ...shown(stored), findings, parts: stored.parts.map((p) => ({ name: p.name, ...shown(p) })) };
}
