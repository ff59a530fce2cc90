import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createMeshAnalyser } from './pool.js';
import { binaryStl, cube, openCube } from './test-meshes.js';

const analyser = createMeshAnalyser(1);
afterAll(() => analyser.close());

const chunks = (bytes: Buffer, size = 100) => Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));

describe('mesh worker pool', () => {
  it('analyses streamed files in a worker thread, one after another', async () => {
    const closed = binaryStl(cube(10));
    const open = binaryStl(openCube(10));
    const [a, b] = await Promise.all([analyser.analyse('stl', closed.length, chunks(closed)), analyser.analyse('stl', open.length, chunks(open, 7))]);
    expect(a).toMatchObject({ ok: true, figures: { triangles: 12, holes: 0, shells: 1 } });
    expect(b).toMatchObject({ ok: true, figures: { triangles: 10, holes: 1 } });
  });

  it('answers a damaged file as failed and keeps working', async () => {
    const whole = binaryStl(cube(10));
    const cut = whole.subarray(0, 300);
    expect(await analyser.analyse('stl', cut.length, chunks(cut))).toMatchObject({ ok: false, error: 'unreadable' });
    expect(await analyser.analyse('stl', whole.length, chunks(whole))).toMatchObject({ ok: true });
  });

  it('rejects when the storage stream fails, and the next file still works', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('storage went away'));
      },
    });
    await expect(analyser.analyse('stl', 684, broken)).rejects.toThrow('storage went away');
    const whole = binaryStl(cube(10));
    expect(await analyser.analyse('stl', whole.length, chunks(whole))).toMatchObject({ ok: true });
  });

  it("takes turns between owners: one queued for B starts before A's second and third (docs/decisions/0052)", async () => {
    const one = createMeshAnalyser(1);
    try {
      const finished: string[] = [];
      const job = (owner: string, name: string) => {
        const bytes = binaryStl(cube(10));
        return one.analyse('stl', bytes.length, chunks(bytes), owner).then((result) => {
          expect(result.ok).toBe(true);
          finished.push(name);
        });
      };
      // One worker: files finish in the order they start.
      const all = [job('A', 'A1'), job('A', 'A2'), job('A', 'A3'), job('B', 'B1')];
      expect(one.waiting()).toBe(3);
      await Promise.all(all);
      expect(finished).toEqual(['A1', 'B1', 'A2', 'A3']);
    } finally {
      await one.close();
    }
  });
});
