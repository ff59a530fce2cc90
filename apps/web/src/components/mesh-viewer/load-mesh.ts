import { BufferGeometry, Group, Mesh, type Material, type Object3D } from 'three';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import type { MeshType } from './types';

/** Parses the bytes of a mesh into an object whose meshes all use `makeMaterial`. */
export function parseMesh(type: MeshType, data: ArrayBuffer, makeMaterial: (vertexColors: boolean) => Material): Object3D {
  if (type === 'obj') {
    const group = new OBJLoader().parse(new TextDecoder().decode(data));
    group.traverse((child) => {
      if (child instanceof Mesh) {
        const old = child.material as Material | Material[];
        for (const m of Array.isArray(old) ? old : [old]) m.dispose();
        prepare(child.geometry as BufferGeometry);
        child.material = makeMaterial(child.geometry.hasAttribute('color'));
      }
    });
    if (!hasTriangles(group)) throw new Error('The OBJ file has no faces.');
    return group;
  }
  // STLLoader reads binary and ASCII; PLYLoader reads ASCII and binary, with vertex colours.
  const geometry = type === 'stl' ? new STLLoader().parse(data) : new PLYLoader().parse(data);
  if (!geometry.getAttribute('position')?.count) throw new Error('The file has no triangles.');
  // STL facet normals are often zero or wrong (many exporters leave them out): recompute them.
  if (type === 'stl') geometry.deleteAttribute('normal');
  prepare(geometry);
  const group = new Group();
  group.add(new Mesh(geometry, makeMaterial(geometry.hasAttribute('color'))));
  return group;
}

function prepare(geometry: BufferGeometry) {
  const normals = geometry.getAttribute('normal');
  const usable = normals && normals.count > 0 && Math.hypot(normals.getX(0), normals.getY(0), normals.getZ(0)) > 0.5;
  if (!usable) geometry.computeVertexNormals();
}

function hasTriangles(object: Object3D): boolean {
  let found = false;
  object.traverse((child) => {
    if (child instanceof Mesh && (child.geometry as BufferGeometry).getAttribute('position')?.count) found = true;
  });
  return found;
}
