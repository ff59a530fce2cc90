import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import type { MeshStandardMaterial } from 'three';
import { parseMesh } from '@/components/mesh-viewer/load-mesh';
import type { MeshType } from '@/components/mesh-viewer/types';
import { useI18n } from '@/lib/use-i18n';
import { ReviewScene, type CameraView, type Pick, type PinMarker, type Vec3, type ViewPreset } from './review-scene';
import { spreadLabels } from './pin-labels';

export interface ReviewLayer {
  fileId: string;
  url: string;
  kind: MeshType;
  colour: string;
  visible: boolean;
  opacity: number;
}

export type LayerStatus = 'loading' | 'ready' | 'error';

export interface ViewportHandle {
  view: (preset: ViewPreset) => void;
  lookAt: (point: Vec3, camera: CameraView | null) => void;
  cameraView: () => CameraView;
  pickCentre: () => Pick | null;
  /** One step closer (1) or further (-1). */
  zoom: (direction: 1 | -1) => void;
}

/** One press of + or - (or a zoom button) moves the camera this much closer or further. */
const ZOOM_STEP = 0.8;

interface Props {
  layers: ReviewLayer[];
  pins: Array<PinMarker & { label: string }>;
  measure: Vec3[];
  clip: number | null;
  /** Whether a tap on the model picks a point (pin or measuring mode). */
  picking: boolean;
  onPick: (pick: Pick) => void;
  /** Enter in the scene found no surface at the centre of the view. */
  onMiss: () => void;
  onStatus: (fileId: string, status: LayerStatus) => void;
  handleRef: React.RefObject<ViewportHandle | null>;
  label: string;
}

/**
 * The canvas of the case review: one ReviewScene, the files loaded into it one by one as their bytes arrive,
 * and the pins' numbers drawn over it (decorative: the pin list beside it is what keyboards and screen readers
 * use). A tap or click that did not move the camera picks a point when `picking`.
 */
export default function ReviewViewport({ layers, pins, measure, clip, picking, onPick, onMiss, onStatus, handleRef, label }: Props) {
  const { dir } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<ReviewScene | null>(null);
  const loaded = useRef(new Set<string>());
  const [ready, setReady] = useState(0);
  const fitted = useRef(false);
  const callbacks = useRef({ onPick, onMiss, onStatus, picking });
  const pinsRef = useRef(pins);
  // The scene's listeners read the latest props through these.
  useEffect(() => {
    callbacks.current = { onPick, onMiss, onStatus, picking };
    pinsRef.current = pins;
  });

  useEffect(() => {
    const scene = createScene(canvasRef.current!, containerRef.current!);
    if (!scene) {
      for (const layer of layers) callbacks.current.onStatus(layer.fileId, 'error');
      return;
    }
    sceneRef.current = scene;
    const loadedIds = loaded.current;
    scene.onRender = () => placeLabels(scene, labelsRef.current, pinsRef.current);
    handleRef.current = {
      view: (preset) => scene.view(preset),
      lookAt: (point, camera) => scene.lookAt(point, camera),
      cameraView: () => scene.cameraView(),
      pickCentre: () => scene.pickCentre(),
      zoom: (direction) => scene.zoom(direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP),
    };
    // A tap picks; a drag orbits.
    const canvas = canvasRef.current!;
    let down: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
    };
    const onUp = (event: PointerEvent) => {
      if (!down || !callbacks.current.picking) return;
      const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
      down = null;
      if (moved > 6) return;
      const pick = scene.pick(event.clientX, event.clientY);
      if (pick) callbacks.current.onPick(pick);
    };
    // The keyboard's way to what the mouse does (arrow keys pan and Shift + arrows rotate in OrbitControls):
    // + and - zoom; Enter or Space picks the point under the cross at the centre, for a pin or a measurement.
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === '+' || event.key === '=') scene.zoom(ZOOM_STEP);
      else if (event.key === '-' || event.key === '_') scene.zoom(1 / ZOOM_STEP);
      else if ((event.key === 'Enter' || event.key === ' ') && callbacks.current.picking) {
        const pick = scene.pickCentre();
        if (pick) callbacks.current.onPick(pick);
        else callbacks.current.onMiss();
      } else return;
      event.preventDefault();
    };
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('keydown', onKey);
    return () => {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('keydown', onKey);
      handleRef.current = null;
      sceneRef.current = null;
      loadedIds.clear();
      scene.dispose();
    };
    // The scene lives as long as the page; layers are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Load each file once, drop files no longer shown (another delivery chosen).
  const ids = layers.map((layer) => `${layer.fileId}:${layer.kind}:${layer.url}`).join('|');
  useEffect(() => {
    const scene = sceneRef.current;
    if (!scene) return;
    const wanted = new Set(layers.map((layer) => layer.fileId));
    for (const id of [...loaded.current]) {
      if (!wanted.has(id)) {
        scene.remove(id);
        loaded.current.delete(id);
      }
    }
    const abort = new AbortController();
    for (const layer of layers) {
      if (loaded.current.has(layer.fileId)) continue;
      loaded.current.add(layer.fileId);
      callbacks.current.onStatus(layer.fileId, 'loading');
      (async () => {
        const response = await fetch(layer.url, { credentials: 'same-origin', signal: abort.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = await response.arrayBuffer();
        if (abort.signal.aborted || sceneRef.current !== scene) return;
        const materials: MeshStandardMaterial[] = [];
        const object = parseMesh(layer.kind, data, (vertexColors) => {
          const material = scene.makeMaterial(layer.colour, vertexColors);
          materials.push(material);
          return material;
        });
        scene.add(layer.fileId, object, materials);
        callbacks.current.onStatus(layer.fileId, 'ready');
        setReady((n) => n + 1);
      })().catch(() => {
        loaded.current.delete(layer.fileId);
        if (!abort.signal.aborted) callbacks.current.onStatus(layer.fileId, 'error');
      });
    }
    return () => abort.abort();
    // `ids` stands for the layers' identities; visibility and opacity are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  // Visibility, opacity and the first fit once everything asked for has arrived.
  useEffect(() => {
    const scene = sceneRef.current;
    if (!scene) return;
    for (const layer of layers) {
      scene.setVisible(layer.fileId, layer.visible);
      scene.setOpacity(layer.fileId, layer.opacity);
    }
    if (!fitted.current && ready > 0 && ready >= layers.length) {
      fitted.current = true;
      scene.view('fit');
    }
  }, [layers, ready]);

  useEffect(() => sceneRef.current?.setPins(pins), [pins]);
  useEffect(() => sceneRef.current?.setMeasure(measure), [measure]);
  useEffect(() => sceneRef.current?.setClip(clip), [clip, ready]);

  return (
    <Box ref={containerRef} pos="relative" h="100%" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: '#e9ecef' }}>
      <canvas
        ref={canvasRef}
        role="img"
        tabIndex={0}
        aria-label={label}
        data-testid="review-canvas"
        style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: picking ? 'crosshair' : 'grab' }}
      />
      <div ref={labelsRef} aria-hidden dir={dir} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
      {picking ? <Crosshair /> : null}
    </Box>
  );
}

/** The cross at the centre of the view: where Enter (or "at the centre" beside the scene) picks a point. */
function Crosshair() {
  const arm = { position: 'absolute', background: '#1864ab', boxShadow: '0 0 0 1px #fff' } as const;
  return (
    <div aria-hidden data-testid="review-crosshair" style={{ position: 'absolute', left: '50%', top: '50%', width: 0, height: 0, pointerEvents: 'none' }}>
      <span style={{ ...arm, left: -11, top: -1, width: 22, height: 2 }} />
      <span style={{ ...arm, left: -1, top: -11, width: 2, height: 22 }} />
    </div>
  );
}

/** A WebGL scene, or null where WebGL is not available. */
function createScene(canvas: HTMLCanvasElement, container: HTMLElement): ReviewScene | null {
  try {
    return new ReviewScene(canvas, container);
  } catch {
    return null;
  }
}

/** Puts each pin's number next to its marker, clear of the others (plain DOM, redrawn with every frame). */
function placeLabels(scene: ReviewScene, layer: HTMLDivElement | null, pins: Array<PinMarker & { label: string }>) {
  if (!layer) return;
  while (layer.children.length > pins.length) layer.lastChild!.remove();
  while (layer.children.length < pins.length) {
    const tag = document.createElement('span');
    Object.assign(tag.style, {
      position: 'absolute',
      transform: 'translate(6px, -120%)',
      background: '#fff',
      color: '#212529',
      border: '1px solid #868e96',
      borderRadius: '10px',
      padding: '0 6px',
      font: '600 12px/18px system-ui, sans-serif',
      whiteSpace: 'nowrap',
    });
    layer.appendChild(tag);
  }
  // Text and colour first, then every size read at once (one layout a frame), then the places.
  const shown: Array<{ tag: HTMLSpanElement; left: number; top: number }> = [];
  pins.forEach((pin, i) => {
    const tag = layer.children[i] as HTMLSpanElement;
    const at = scene.project([pin.x, pin.y, pin.z]);
    tag.textContent = pin.label;
    tag.style.display = at ? 'block' : 'none';
    tag.style.borderColor = pin.active ? '#1864ab' : pin.resolved ? '#2b8a3e' : '#c92a2a';
    if (at) shown.push({ tag, ...at });
  });
  const tops = spreadLabels(shown.map(({ tag, left, top }) => ({ left, top, width: tag.offsetWidth, height: tag.offsetHeight })));
  shown.forEach(({ tag, left }, i) => {
    tag.style.left = `${left}px`;
    tag.style.top = `${tops[i]}px`;
  });
}
