/**
 * <MeshViewer url type name />: an interactive 3D preview of an STL (binary or ASCII), PLY (vertex
 * colours kept) or OBJ file, for case files, orders and messages.
 *
 * - `url`: where the bytes are (same origin, fetched with the session cookie).
 * - `type`: 'stl' | 'ply' | 'obj'.
 * - `name`: the file's name, for the canvas's accessible label.
 * - `height`: of the view (CSS length or pixels, default 420); the width follows the container.
 *
 * Orbit (drag), zoom (wheel or pinch), pan (right-drag or two fingers); 'Reset view' and
 * 'Wireframe' controls; the model's bounding box is shown as W × D × H mm. three.js is loaded
 * only when a viewer is rendered (its own chunk). Everything is disposed on unmount.
 */
import { lazy, Suspense } from 'react';
import type { MeshViewerProps } from './types';
import { ViewerStatus } from './ViewerStatus';

export type { MeshType, MeshViewerProps } from './types';

const MeshViewerCanvas = lazy(() => import('./MeshViewerCanvas'));

export function MeshViewer(props: MeshViewerProps) {
  const height = props.height ?? 420;
  return (
    <Suspense fallback={<ViewerStatus state="loading" height={height} />}>
      {/* A new canvas (and WebGL context) for each file. */}
      <MeshViewerCanvas key={`${props.type}:${props.url}`} {...props} height={height} />
    </Suspense>
  );
}
