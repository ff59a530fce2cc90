import type { FileRole } from '@cusp/shared';
import type { MeshType } from '@/components/mesh-viewer/types';
import type { OrderFile } from '@/lib/domain';

/** An order file the case review can draw: STL, PLY or OBJ, readable (ZIPs and photos are listed on the order page). */
export interface MeshFile extends OrderFile {
  meshKind: MeshType;
  /** A delivery's file: the design. */
  design: boolean;
}

export function meshFilesOf(files: OrderFile[], design = false): MeshFile[] {
  return files.flatMap((file) =>
    (file.kind === 'stl' || file.kind === 'ply' || file.kind === 'obj') && file.url && file.analysis?.status !== 'failed'
      ? [{ ...file, meshKind: file.kind, design }]
      : [],
  );
}

/** One colour per role, told apart on the light background and from each other: stone models, a bluish antagonist, an ivory design. */
const ROLE_COLOURS: Record<FileRole, string> = {
  prep: '#c5a77c',
  lower_jaw: '#c5a77c',
  upper_jaw: '#8fa6bf',
  bite: '#b59fcf',
  scan_body: '#9aa5ad',
  photo: '#adb5bd',
  other: '#b9b09f',
};
export const DESIGN_COLOUR = '#f2ead7';

export const colourOf = (file: MeshFile) => (file.design ? DESIGN_COLOUR : ROLE_COLOURS[file.role]);
