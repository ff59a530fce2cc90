/**
 * What the mesh analyser measures (docs/decisions/0026). Lengths in the file's own units, which the
 * scan check takes as millimetres and warns about when they look like another unit.
 */
export interface MeshFigures {
  triangles: number;
  /** Distinct vertices used by triangles (STL: welded by exact position). */
  vertices: number;
  bbox: { x: number; y: number; z: number };
  /** Where the bounding box lies (one mesh; not a ZIP's totals): what a review pin's point is checked against (ADR 0037). */
  bounds?: { min: [number, number, number]; max: [number, number, number] };
  areaMm2: number;
  /** Connected pieces (triangles sharing vertices). */
  shells: number;
  /** Boundary loops: closed chains of edges used by a single triangle. */
  holes: number;
  boundaryEdges: number;
  /** Edges shared by more than two triangles. */
  nonManifoldEdges: number;
  /** Triangles with a repeated vertex or (almost) no area. */
  degenerate: number;
}

/** One mesh inside a ZIP archive. */
export interface MeshPart extends MeshFigures {
  name: string;
}

/** `archive_too_large`: a ZIP past what it may unpack to (a ZIP bomb; docs/decisions/0052). */
export type MeshErrorCode = 'not_a_mesh' | 'no_triangles' | 'unreadable' | 'archive_too_large';

/** The analyser's answer for one file: figures (a ZIP: totals and its parts) or the reason it has none. */
export type MeshResult =
  | { ok: true; figures: MeshFigures; parts?: MeshPart[]; skipped?: number }
  | { ok: false; error: MeshErrorCode; detail: string };

/** `order_files.analysis`: the analyser's answer and when it was made; findings are derived when shown. */
export type StoredAnalysis =
  | ({ status: 'done'; at: string; parts?: MeshPart[]; skipped?: number } & MeshFigures)
  | { status: 'failed'; at: string; error: MeshErrorCode; detail: string };
