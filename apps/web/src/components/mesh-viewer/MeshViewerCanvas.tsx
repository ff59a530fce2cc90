import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFocusCentered } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import {
  Box3,
  Color,
  DirectionalLight,
  DoubleSide,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
  type BufferGeometry,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { useI18n } from '@/lib/use-i18n';
import type { MeshViewerProps } from './types';
import { parseMesh } from './load-mesh';
import { ViewerStatus } from './ViewerStatus';

const BACKGROUND = '#f1f3f5';
const MODEL_COLOUR = '#d9c7a7'; // a stone-model shade, readable on the light background

interface Dimensions {
  w: number;
  d: number;
  h: number;
}

interface Viewer {
  reset: () => void;
  setWireframe: (on: boolean) => void;
}

/** The three.js part of <MeshViewer> (see index.tsx); loaded lazily. */
export default function MeshViewerCanvas({ url, type, name, height = 420 }: MeshViewerProps) {
  const { t } = useTranslation();
  // A phone or tablet has no right button or wheel: its reader is told the gestures (three.js's
  // OrbitControls: one finger rotates, two fingers pan and pinch to zoom). Client-only: the viewer is
  // never rendered on the server.
  const touch = useMediaQuery('(hover: none) and (pointer: coarse)', false, { getInitialValueInEffect: false });
  const { number } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [dimensions, setDimensions] = useState<Dimensions | null>(null);
  const [wireframe, setWireframe] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const container = containerRef.current!;
    const abort = new AbortController();
    const materials: Material[] = [];
    let renderer: WebGLRenderer | null = null;
    let controls: OrbitControls | null = null;
    let model: Object3D | null = null;
    let observer: ResizeObserver | null = null;

    const fail = () => {
      if (!abort.signal.aborted) setStatus('error');
    };

    try {
      // preserveDrawingBuffer lets tests and screenshots read what is shown; the scene is small.
      renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    } catch {
      fail();
      return () => abort.abort();
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const scene = new Scene();
    scene.background = new Color(BACKGROUND);
    const camera = new PerspectiveCamera(40, 1, 0.1, 1000);
    camera.up.set(0, 0, 1); // dental CAD files are Z-up
    const headlight = new DirectionalLight('#ffffff', 1.6);
    camera.add(headlight);
    scene.add(camera, new HemisphereLight('#ffffff', '#8a8f98', 1.4));
    controls = new OrbitControls(camera, canvas);
    const render = () => renderer?.render(scene, camera);
    controls.addEventListener('change', render);

    const resize = () => {
      const width = container.clientWidth;
      const h = container.clientHeight;
      if (!renderer || width === 0 || h === 0) return;
      renderer.setSize(width, h, false);
      camera.aspect = width / h;
      camera.updateProjectionMatrix();
      render();
    };
    observer = new ResizeObserver(resize);
    observer.observe(container);
    resize();

    const makeMaterial = (vertexColors: boolean) => {
      const material = new MeshStandardMaterial({
        color: vertexColors ? '#ffffff' : MODEL_COLOUR,
        vertexColors,
        roughness: 0.65,
        metalness: 0.05,
        wireframe: false, // each file gets its own instance (keyed by url)
        side: DoubleSide, // scans are often open or inconsistently wound
      });
      materials.push(material);
      return material;
    };

    const fit = (object: Object3D) => {
      const box = new Box3().setFromObject(object);
      const size = box.getSize(new Vector3());
      const centre = box.getCenter(new Vector3());
      object.position.sub(centre); // orbit around the model's centre
      const radius = Math.max(box.getBoundingSphere(new Sphere()).radius, 1e-3);
      // Fit the bounding sphere in the narrower of the two fields of view (a phone is portrait).
      const vertical = (camera.fov * Math.PI) / 180;
      const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * Math.max(camera.aspect, 0.1));
      const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.1;
      camera.near = distance / 100;
      camera.far = distance * 100;
      camera.position.copy(new Vector3(1, -1.4, 0.9).normalize().multiplyScalar(distance));
      camera.updateProjectionMatrix();
      controls!.target.set(0, 0, 0);
      controls!.minDistance = radius * 0.2;
      controls!.maxDistance = distance * 10;
      controls!.update();
      controls!.saveState();
      setDimensions({ w: size.x, d: size.y, h: size.z });
    };

    (async () => {
      const response = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = await response.arrayBuffer();
      if (abort.signal.aborted) return;
      model = parseMesh(type, data, makeMaterial);
      scene.add(model);
      fit(model);
      resize();
      setStatus('ready');
    })().catch(fail);

    viewer.current = {
      reset: () => controls?.reset(),
      setWireframe: (on) => {
        for (const material of materials) (material as MeshStandardMaterial).wireframe = on;
        render();
      },
    };

    return () => {
      abort.abort();
      viewer.current = null;
      observer?.disconnect();
      controls?.dispose();
      model?.traverse((child) => {
        if (child instanceof Mesh) (child.geometry as BufferGeometry).dispose();
      });
      for (const material of materials) material.dispose();
      renderer?.dispose();
      renderer?.forceContextLoss();
    };
  }, [url, type]);

  const toggleWireframe = (on: boolean) => {
    setWireframe(on);
    viewer.current?.setWireframe(on);
  };

  const mm = (value: number) => number(value, { maximumFractionDigits: value < 10 ? 2 : 1 });

  return (
    <Stack gap="xs">
      <Box ref={containerRef} pos="relative" h={height} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: BACKGROUND }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('files.viewer.label', { name })}
          style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: 'grab' }}
        />
        {status !== 'ready' ? <ViewerStatus state={status} overlay /> : null}
      </Box>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {dimensions ? (
              <>
                {t('files.viewer.dimensionsLabel')}{' '}
                <Text span fw={600} c="dark.7">
                  {t('files.viewer.dimensions', { w: mm(dimensions.w), d: mm(dimensions.d), h: mm(dimensions.h) })}
                </Text>
              </>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {touch ? t('files.viewer.touchHint') : t('files.viewer.hint')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Switch
            label={t('files.viewer.wireframe')}
            checked={wireframe}
            onChange={(event) => toggleWireframe(event.currentTarget.checked)}
            disabled={status !== 'ready'}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocusCentered size={16} aria-hidden />}
            onClick={() => viewer.current?.reset()}
            disabled={status !== 'ready'}
          >
            {t('files.viewer.reset')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
