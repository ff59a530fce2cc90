/** What <MeshViewer> takes (index.tsx); apart so that its lazily loaded parts need not import index.tsx back. */
export type MeshType = 'stl' | 'ply' | 'obj';

export interface MeshViewerProps {
  url: string;
  type: MeshType;
  name: string;
  height?: number | string;
}
