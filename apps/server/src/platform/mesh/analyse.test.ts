import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyseBytes, createParser, headProblem, ZIP_LIMITS } from './analyse.js';
import { asciiPly, asciiStl, binaryPly, binaryStl, cube, obj, openCube, scaled, sphereStl, zipBomb } from './test-meshes.js';
import { zipDirectoryProblem } from './zip-directory.js';
import type { MeshResult } from './types.js';

const figures = (result: MeshResult) => {
  if (!result.ok) throw new Error(`expected figures, got ${result.error}: ${result.detail}`);
  return result.figures;
};

describe('mesh analyser', () => {
  it('measures a closed cube: one shell, no holes', () => {
    const f = figures(analyseBytes('stl', binaryStl(cube(10))));
    expect(f).toEqual({
      triangles: 12,
      vertices: 8,
      bbox: { x: 10, y: 10, z: 10 },
      bounds: { min: [0, 0, 0], max: [10, 10, 10] },
      areaMm2: 600,
      shells: 1,
      holes: 0,
      boundaryEdges: 0,
      nonManifoldEdges: 0,
      degenerate: 0,
    });
  });

  it('finds one hole in the cube without its top', () => {
    const f = figures(analyseBytes('stl', binaryStl(openCube(10))));
    expect(f).toMatchObject({ triangles: 10, vertices: 8, shells: 1, holes: 1, boundaryEdges: 4, areaMm2: 500 });
  });

  it('gives the same figures for ASCII and binary STL, in any chunk size', () => {
    const binary = figures(analyseBytes('stl', binaryStl(cube(12.5))));
    expect(figures(analyseBytes('stl', asciiStl(cube(12.5))))).toEqual(binary);
    expect(figures(analyseBytes('stl', binaryStl(cube(12.5)), 7))).toEqual(binary);
    expect(figures(analyseBytes('stl', asciiStl(cube(12.5)), 5))).toEqual(binary);
  });

  it('gives the same figures for PLY (ASCII, binary both endians) and OBJ as for STL', () => {
    const stl = figures(analyseBytes('stl', binaryStl(cube(10))));
    for (const [kind, bytes] of [
      ['ply', asciiPly(cube(10))],
      ['ply', binaryPly(cube(10))],
      ['ply', binaryPly(cube(10), false)],
      ['obj', obj(cube(10))],
    ] as const) {
      expect(figures(analyseBytes(kind, bytes)), kind).toEqual(stl);
      expect(figures(analyseBytes(kind, bytes, 3)), `${kind} in 3-byte chunks`).toEqual(stl);
    }
  });

  it('keeps two shells apart and counts degenerate triangles', () => {
    const a = cube(10);
    const b = { vertices: a.vertices.map(([x, y, z]) => [x + 20, y, z] as [number, number, number]), faces: a.faces.map((f) => f.map((v) => v + 8) as [number, number, number]) };
    const both = { vertices: [...a.vertices, ...b.vertices, [5, 5, 5] as [number, number, number]], faces: [...a.faces, ...b.faces, [0, 1, 1] as [number, number, number]] };
    const f = figures(analyseBytes('obj', obj(both)));
    expect(f).toMatchObject({ triangles: 25, shells: 2, holes: 0, degenerate: 1, bbox: { x: 30, y: 10, z: 10 } });
  });

  it('reports a scaled model in its own units', () => {
    expect(figures(analyseBytes('stl', binaryStl(scaled(cube(10), 1000)))).bbox).toEqual({ x: 10000, y: 10000, z: 10000 });
  });

  it('fails a truncated binary STL as unreadable instead of crashing', () => {
    const whole = binaryStl(cube(10));
    const result = analyseBytes('stl', whole.subarray(0, whole.length - 30));
    expect(result).toMatchObject({ ok: false, error: 'unreadable' });
  });

  it('fails damaged files and files without triangles with their codes', () => {
    expect(analyseBytes('stl', Buffer.from('solid x\nendsolid x\n'))).toMatchObject({ ok: false, error: 'no_triangles' });
    expect(analyseBytes('stl', Buffer.from('solid x\n  facet normal 0 0 0\n    outer loop\n      vertex 1 2\n'))).toMatchObject({ ok: false, error: 'unreadable' });
    const header = Buffer.alloc(84);
    expect(analyseBytes('stl', header)).toMatchObject({ ok: false, error: 'no_triangles' });
    const nan = binaryStl(cube(10));
    nan.writeFloatLE(NaN, 84 + 12);
    expect(analyseBytes('stl', nan)).toMatchObject({ ok: false, error: 'unreadable' });
    expect(analyseBytes('ply', Buffer.from('ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nend_header\n'))).toMatchObject({ ok: false, error: 'no_triangles' });
    expect(analyseBytes('ply', asciiPly(cube(10)).subarray(0, 300))).toMatchObject({ ok: false, error: 'unreadable' });
    expect(analyseBytes('ply', Buffer.from('not a ply\n'))).toMatchObject({ ok: false, error: 'not_a_mesh' });
    expect(analyseBytes('obj', Buffer.from('v 0 0 0\nf 1 2 3\n'))).toMatchObject({ ok: false, error: 'unreadable' });
    expect(analyseBytes('obj', Buffer.from('# nothing\nv 0 0 0\n'))).toMatchObject({ ok: false, error: 'no_triangles' });
  });

  it('reads the meshes inside a ZIP, deflated or stored, and adds them up', () => {
    const zip = zipSync({
      'case/UpperJaw.stl': binaryStl(cube(10)),
      'case/LowerJaw.ply': [asciiPly(openCube(20)), { level: 0 }],
      'case/notes.txt': Buffer.from('hello'),
    });
    const result = analyseBytes('zip', zip, 1000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.parts?.map((p) => [p.name, p.triangles, p.holes])).toEqual([
      ['case/UpperJaw.stl', 12, 0],
      ['case/LowerJaw.ply', 10, 1],
    ]);
    expect(result.figures).toMatchObject({ triangles: 22, vertices: 16, shells: 2, holes: 1, bbox: { x: 20, y: 20, z: 20 } });
  });

  it('fails a ZIP whose mesh is damaged, naming it', () => {
    const stl = binaryStl(cube(10));
    const zip = zipSync({ 'crown.stl': stl.subarray(0, stl.length - 50) });
    expect(analyseBytes('zip', zip)).toMatchObject({ ok: false, error: 'unreadable', detail: expect.stringContaining('crown.stl') });
  });

  it('refuses at upload what the first bytes already show', () => {
    expect(headProblem('stl', Buffer.alloc(84), 84)).toMatchObject({ error: 'no_triangles' });
    expect(headProblem('stl', binaryStl(cube(10)).subarray(0, 1024), 684)).toBeNull();
    expect(headProblem('ply', Buffer.from('ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nend_header\n'), 100)).toMatchObject({ error: 'no_triangles' });
    expect(headProblem('ply', Buffer.from('ply\nformat weird 1.0\nend_header\n'), 100)).toMatchObject({ error: 'not_a_mesh' });
    expect(headProblem('ply', asciiPly(cube(10)), 400)).toBeNull();
  });

  it('measures a closed sphere: one shell, no holes, welded poles', () => {
    const f = figures(analyseBytes('stl', sphereStl(20, 64, 33)));
    expect(f).toMatchObject({ triangles: 2 * 64 * 32, vertices: 64 * 32 + 2, shells: 1, holes: 0, boundaryEdges: 0, degenerate: 0 });
    expect(f.areaMm2).toBeGreaterThan(4 * Math.PI * 400 * 0.99);
    expect(f.areaMm2).toBeLessThan(4 * Math.PI * 400);
  });

  it('counts an edge shared by three triangles as non-manifold, and a fan of 100 around one vertex as one hole', () => {
    // The cube with a fin on its bottom edge 0-1: that edge has three triangles; the fin's two other edges are open.
    const c = cube(10);
    const fin = { vertices: [...c.vertices, [5, -5, -5] as [number, number, number]], faces: [...c.faces, [0, 1, 8] as [number, number, number]] };
    expect(figures(analyseBytes('stl', binaryStl(fin)))).toMatchObject({ triangles: 13, shells: 1, nonManifoldEdges: 1, boundaryEdges: 2, holes: 1 });
    // A flat disc: the centre is a corner of all 100 triangles (its edge list is longer than the short-list sort).
    const rim = Array.from({ length: 100 }, (_, i) => [Math.cos((i * Math.PI) / 50) * 5, Math.sin((i * Math.PI) / 50) * 5, 0] as [number, number, number]);
    const disc = { vertices: [[0, 0, 0] as [number, number, number], ...rim], faces: rim.map((_, i) => [0, 1 + i, 1 + ((i + 1) % 100)] as [number, number, number]) };
    expect(figures(analyseBytes('stl', binaryStl(disc)))).toMatchObject({ triangles: 100, vertices: 101, shells: 1, nonManifoldEdges: 0, boundaryEdges: 100, holes: 1 });
  });

  describe('ZIP bombs (docs/decisions/0052)', () => {
    /** The directory check on bytes in memory, counting what it reads. */
    const directory = async (zip: Uint8Array) => {
      let read = 0;
      const problem = await zipDirectoryProblem(zip.length, async (start, end) => {
        read += end - start + 1;
        return zip.subarray(start, end + 1);
      });
      return { problem, read };
    };
    /** The streaming parser given only the first `share` of the archive: what it says at that point. */
    const fromPrefix = (zip: Uint8Array, share: number) => {
      const parser = createParser('zip', zip.length);
      const prefix = zip.subarray(0, Math.floor(zip.length * share));
      for (let i = 0; i < prefix.length; i += 65_536) parser.push(prefix.subarray(i, i + 65_536));
      return parser.end();
    };

    it('refuses an archive whose directory declares more than it may unpack, from its last bytes', async () => {
      const bomb = zipBomb(300); // 300 MB of zeros in about 300 KB
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const { problem, read } = await directory(bomb);
      expect(problem).toBe('The archive unpacks to more than 200 MB.');
      expect(read).toBeLessThan(70_000); // the tail only: nothing inflated
      // The worker's parser refuses it too, at the local header, from the first chunk.
      expect(fromPrefix(bomb, 0.05)).toEqual({ ok: false, error: 'archive_too_large', detail: 'The archive unpacks to more than 200 MB.' });
    });

    it('refuses an archive whose headers lie about its size while inflating it, long before its end', async () => {
      // Claims 1 KB; 300 MB of zeros come out of it: the directory looks fine, the bytes inflated do not.
      const liar = zipBomb(300, { declared: 1024 });
      expect((await directory(liar)).problem).toBeNull();
      expect(fromPrefix(liar, 0.1)).toEqual({ ok: false, error: 'archive_too_large', detail: 'The archive unpacks to more than 100 times its size.' });
      expect(analyseBytes('zip', liar)).toMatchObject({ ok: false, error: 'archive_too_large' });
    });

    it('refuses an archive of more than the allowed number of files, and a compression ratio past the limit', async () => {
      const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`f${i}.txt`, Buffer.from('x')])));
      expect((await directory(many)).problem).toBe('The archive holds more than 1000 files.');
      expect(analyseBytes('zip', many)).toMatchObject({ ok: false, error: 'archive_too_large', detail: 'The archive holds more than 1000 files.' });
      // 20 MB of zeros is within 200 MB but about a thousand times its archive.
      const dense = zipBomb(20);
      expect((await directory(dense)).problem).toBe('The archive unpacks to more than 100 times its size.');
    });

    it('reads a ZIP64 directory too: the sizes in its extra fields, the count in its own end record', async () => {
      expect((await directory(zipBomb(300, { zip64: true }))).problem).toBe('The archive unpacks to more than 200 MB.');
      expect((await directory(zipBomb(20, { zip64: true }))).problem).toBe('The archive unpacks to more than 100 times its size.');
      expect((await directory(zipBomb(1, { zip64: true, declared: 1024 }))).problem).toBeNull();
    });

    it('still reads an ordinary archive, and a small one that compresses well', async () => {
      const zip = zipSync({ 'case/UpperJaw.stl': binaryStl(cube(10)), 'zeros.stl': Buffer.alloc(500_000) });
      expect((await directory(zip)).problem).toBeNull();
      expect(analyseBytes('zip', zipSync({ 'case/UpperJaw.stl': binaryStl(cube(10)) }))).toMatchObject({ ok: true });
    });
  });
});
