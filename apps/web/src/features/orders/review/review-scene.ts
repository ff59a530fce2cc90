import {
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  HemisphereLight,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Plane,
  Raycaster,
  Scene,
  SphereGeometry,
  Sphere,
  TOUCH,
  Vector2,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/**
 * The case review's three.js scene (docs/decisions/0037), without React: every mesh of the order in the
 * coordinates it was exported in (nothing is moved or centred, so a design sits on the scan it was made on), the
 * camera presets, a clipping plane across the arch, picking points for pins and measurements, and the markers.
 * Dental files are Z-up; the arch runs roughly along X.
 */

export type Vec3 = [number, number, number];
export type ViewPreset = 'occlusal' | 'buccal' | 'lingual' | 'fit';
export interface CameraView {
  position: Vec3;
  target: Vec3;
}
export interface PinMarker {
  key: string;
  x: number;
  y: number;
  z: number;
  resolved: boolean;
  active: boolean;
}
export interface Pick {
  fileId: string;
  point: Vec3;
}

const BACKGROUND = '#e9ecef';
const PIN_COLOUR = '#c92a2a';
const PIN_RESOLVED = '#2b8a3e';
const PIN_ACTIVE = '#1864ab';
const MEASURE_COLOUR = '#1864ab';

export class ReviewScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(35, 1, 0.1, 5000);
  private readonly controls: OrbitControls;
  private readonly meshes = new Map<string, { object: Object3D; materials: MeshStandardMaterial[] }>();
  private readonly clip = new Plane(new Vector3(-1, 0, 0), 0);
  private clipOn = false;
  private readonly markers = new Group();
  private readonly measure = new Group();
  private markerRadius = 0.3;
  private frame = 0;
  private readonly observer: ResizeObserver;
  /** Called after every render with the camera as it is (the overlay positions its labels). */
  onRender: (() => void) | null = null;

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly container: HTMLElement,
  ) {
    // preserveDrawingBuffer lets tests and screenshots read what is shown.
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.localClippingEnabled = true;
    this.scene.background = new Color(BACKGROUND);
    this.camera.up.set(0, 0, 1);
    this.camera.add(new DirectionalLight('#ffffff', 1.5));
    this.scene.add(this.camera, new HemisphereLight('#ffffff', '#7d828a', 1.3), this.markers, this.measure);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    // Phones: one finger orbits, two fingers pinch to zoom and move to pan (the canvas has touch-action: none).
    this.controls.touches = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
    this.controls.listenToKeyEvents(canvas); // arrow keys pan, Shift + arrows rotate while the canvas has focus
    this.controls.addEventListener('change', () => this.render());
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(container);
    this.resize();
  }

  render() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderer.render(this.scene, this.camera);
      this.onRender?.();
    });
  }

  resize() {
    const width = this.container.clientWidth;
    const height = this.container.clientHeight;
    if (width === 0 || height === 0) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  /** A material for one file: its role's colour, see-through when its opacity is below 1, cut by the clip plane. */
  makeMaterial(colour: string, vertexColors: boolean): MeshStandardMaterial {
    return new MeshStandardMaterial({
      color: vertexColors ? '#ffffff' : colour,
      vertexColors,
      roughness: 0.6,
      metalness: 0.05,
      side: DoubleSide, // scans are open and not always wound consistently
      clippingPlanes: [this.clip],
      clipIntersection: false,
    });
  }

  add(fileId: string, object: Object3D, materials: MeshStandardMaterial[]) {
    object.userData.fileId = fileId;
    this.meshes.set(fileId, { object, materials });
    this.scene.add(object);
    for (const material of materials) material.clippingPlanes = this.clipOn ? [this.clip] : [];
    this.render();
  }

  remove(fileId: string) {
    const entry = this.meshes.get(fileId);
    if (!entry) return;
    this.scene.remove(entry.object);
    entry.object.traverse((child) => {
      if (child instanceof Mesh) (child.geometry as BufferGeometry).dispose();
    });
    for (const material of entry.materials) material.dispose();
    this.meshes.delete(fileId);
    this.render();
  }

  setVisible(fileId: string, visible: boolean) {
    const entry = this.meshes.get(fileId);
    if (entry) entry.object.visible = visible;
    this.render();
  }

  setOpacity(fileId: string, opacity: number) {
    for (const material of this.meshes.get(fileId)?.materials ?? []) {
      material.opacity = opacity;
      material.transparent = opacity < 1;
      material.depthWrite = opacity >= 1; // see-through files do not hide what lies behind them
      material.needsUpdate = true;
    }
    this.render();
  }

  /** The box of the visible files (all files when none is visible). */
  private box(): Box3 {
    const box = new Box3();
    for (const { object } of this.meshes.values()) if (object.visible) box.expandByObject(object);
    if (box.isEmpty()) for (const { object } of this.meshes.values()) box.expandByObject(object);
    return box;
  }

  /** The camera looking at the visible files from one side: occlusal (from above), buccal (-y) or lingual (+y). */
  view(preset: ViewPreset) {
    const box = this.box();
    if (box.isEmpty()) return;
    const centre = box.getCenter(new Vector3());
    const radius = Math.max(box.getBoundingSphere(new Sphere()).radius, 1);
    this.markerRadius = Math.max(radius / 60, 0.15);
    const vertical = (this.camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * Math.max(this.camera.aspect, 0.1));
    const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.05;
    const direction = {
      occlusal: new Vector3(0, -0.08, 1),
      buccal: new Vector3(0, -1, 0.25),
      lingual: new Vector3(0, 1, 0.25),
      fit: new Vector3(0.55, -1, 0.8),
    }[preset].normalize();
    this.camera.near = distance / 200;
    this.camera.far = distance * 20;
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.maxDistance = distance * 8;
    this.controls.minDistance = radius * 0.05;
    this.controls.update();
    this.render();
  }

  /** Moves the camera towards (factor < 1) or away from (> 1) what it looks at: zoom from keys and buttons. */
  zoom(factor: number) {
    const offset = this.camera.position.clone().sub(this.controls.target);
    const length = Math.min(Math.max(offset.length() * factor, this.controls.minDistance), this.controls.maxDistance);
    this.camera.position.copy(this.controls.target).add(offset.setLength(length));
    this.controls.update();
    this.render();
  }

  cameraView(): CameraView {
    const p = this.camera.position;
    const t = this.controls.target;
    const r = (n: number) => Math.round(n * 1000) / 1000;
    return { position: [r(p.x), r(p.y), r(p.z)], target: [r(t.x), r(t.y), r(t.z)] };
  }

  /** Moves the camera to a pin: the view it was placed from, or looking at its point from where the camera is. */
  lookAt(point: Vec3, view: CameraView | null) {
    if (view) {
      this.camera.position.set(...view.position);
      this.controls.target.set(...view.target);
    } else {
      const offset = this.camera.position.clone().sub(this.controls.target);
      this.controls.target.set(...point);
      this.camera.position.copy(this.controls.target).add(offset.setLength(Math.min(offset.length(), 30)));
    }
    this.controls.update();
    this.render();
  }

  /** The section: `fraction` 0-1 of the visible files' length along the arch (x), or null for none. */
  setClip(fraction: number | null) {
    this.clipOn = fraction !== null;
    if (fraction !== null) {
      const box = this.box();
      this.clip.constant = box.min.x + (box.max.x - box.min.x) * fraction; // keeps x < constant
    }
    for (const { materials } of this.meshes.values()) for (const material of materials) material.clippingPlanes = this.clipOn ? [this.clip] : [];
    this.render();
  }

  /** The visible surface point under a position on the canvas (client pixels), past the section. */
  pick(clientX: number, clientY: number): Pick | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(ndc, this.camera);
    const visible = [...this.meshes.values()].filter((entry) => entry.object.visible).map((entry) => entry.object);
    for (const hit of raycaster.intersectObjects(visible, true)) {
      if (this.clipOn && this.clip.distanceToPoint(hit.point) < 0) continue;
      let node: Object3D | null = hit.object;
      while (node && !node.userData.fileId) node = node.parent;
      if (!node) continue;
      const r = (n: number) => Math.round(n * 10000) / 10000;
      return { fileId: node.userData.fileId as string, point: [r(hit.point.x), r(hit.point.y), r(hit.point.z)] };
    }
    return null;
  }

  /** The middle of the canvas, for placing a pin from the keyboard. */
  pickCentre(): Pick | null {
    const rect = this.canvas.getBoundingClientRect();
    return this.pick(rect.left + rect.width / 2, rect.top + rect.height / 2);
  }

  /** Where a point is on the canvas (CSS pixels from its top left), or null when behind the camera. */
  project(point: Vec3): { left: number; top: number } | null {
    const v = new Vector3(...point).project(this.camera);
    if (v.z > 1) return null;
    return { left: ((v.x + 1) / 2) * this.canvas.clientWidth, top: ((1 - v.y) / 2) * this.canvas.clientHeight };
  }

  setPins(pins: PinMarker[]) {
    for (const child of [...this.markers.children]) {
      this.markers.remove(child);
      ((child as Mesh).geometry as BufferGeometry).dispose();
      ((child as Mesh).material as Material).dispose();
    }
    for (const pin of pins) {
      const colour = pin.active ? PIN_ACTIVE : pin.resolved ? PIN_RESOLVED : PIN_COLOUR;
      const marker = new Mesh(new SphereGeometry(this.markerRadius, 16, 12), new MeshStandardMaterial({ color: colour, depthTest: false }));
      marker.renderOrder = 10; // drawn over the surface it sits on
      marker.position.set(pin.x, pin.y, pin.z);
      this.markers.add(marker);
    }
    this.render();
  }

  setMeasure(points: Vec3[]) {
    for (const child of [...this.measure.children]) {
      this.measure.remove(child);
      ((child as Mesh).geometry as BufferGeometry).dispose();
      ((child as Mesh).material as Material).dispose();
    }
    for (const point of points) {
      const dot = new Mesh(new SphereGeometry(this.markerRadius * 0.6, 12, 8), new MeshStandardMaterial({ color: MEASURE_COLOUR, depthTest: false }));
      dot.renderOrder = 10;
      dot.position.set(...point);
      this.measure.add(dot);
    }
    if (points.length === 2) {
      const line = new Line(new BufferGeometry().setFromPoints(points.map((p) => new Vector3(...p))), new LineBasicMaterial({ color: MEASURE_COLOUR, depthTest: false }));
      line.renderOrder = 10;
      this.measure.add(line);
    }
    this.render();
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
    this.controls.dispose();
    for (const id of [...this.meshes.keys()]) this.remove(id);
    this.setPins([]);
    this.setMeasure([]);
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
