import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { asciiStl, binaryStl } from '../../../test/mesh-samples.js';
import { multipart, PNG } from '../../../test/multipart.js';

/**
 * The three routes that take case files (the files page, order files, chat attachments) judge a file alike: one
 * content check (platform/storage/sniff.ts), one rule for names (ADR 0023), and nothing kept on a refusal.
 */
const { app, ctx } = await useTestApp();
const designer = await signUpDesigner(app);
const buyer = await signUpAndLogin(app);
const conversationId = (await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: buyer.cookie }, payload: { to: designer.user._id } })).json()
  .conversationID as string;

const ROUTES = ['/api/file/upload', '/api/order-files', `/api/conversations/${conversationId}/attachments`];
const upload = (url: string, name: string, data: Buffer, fields: Record<string, string> = {}) => {
  const body = multipart(fields, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: buyer.cookie } });
};
const stored = async () => {
  const root = path.join(ctx.config.dataDir, 'uploads');
  const all = await Promise.all(['cases', 'chat', 'images'].map(async (dir) => (await readdir(path.join(root, dir)).catch(() => [] as string[])).map((f) => `${dir}/${f}`)));
  return all.flat().sort();
};

/** Each route's answer to the same file, as `status code`. */
async function answers(name: string, data: Buffer) {
  const out: string[] = [];
  for (const url of ROUTES) {
    const res = await upload(url, name, data);
    out.push(`${res.statusCode} ${res.json().code ?? ''}`.trim());
  }
  return out;
}

describe('one content check for every case-file route', () => {
  it('accepts the real meshes on all three', async () => {
    expect(await answers('crown.stl', binaryStl())).toEqual(['201', '201', '201']);
    expect(await answers('crown.stl', asciiStl())).toEqual(['201', '201', '201']);
  });

  it.each([
    ['"solid x" and then an HTML page', 'solid x\n<html><body><script>alert(document.cookie)</script></body></html>\n'],
    ['markup on the solid line', 'solid <script>alert(1)</script>\nfacet normal 0 0 0\n'],
    ['a page after a facet', `solid x\nfacet normal 0 0 0\n outer loop\n<iframe src="https://evil.example"></iframe>\n`],
    ['text that is no STL', 'solid reasons to pay us\nSend the money to this account.\nThanks.\n'],
  ])('refuses %s named .stl, on all three, keeping nothing', async (_what, content) => {
    const before = await stored();
    expect(await answers('scan.stl', Buffer.from(content))).toEqual(['415 FILE_TYPE_REFUSED', '415 FILE_TYPE_REFUSED', '415 FILE_TYPE_REFUSED']);
    expect(await stored()).toEqual(before);
  });

  it('says a binary STL cut short is cut short or damaged (not of the wrong type), on all three', async () => {
    const before = await stored();
    const whole = binaryStl(); // declares 4 triangles
    const cut = whole.subarray(0, whole.length - 70); // two and a bit
    const promisesMore = Buffer.from(whole);
    promisesMore.writeUInt32LE(1000, 80); // 1,000 triangles declared, 4 there
    for (const data of [cut, promisesMore]) {
      expect(await answers('crown.stl', data)).toEqual(['422 FILE_CUT_SHORT', '422 FILE_CUT_SHORT', '422 FILE_CUT_SHORT']);
    }
    const res = await upload(ROUTES[0]!, 'crown.stl', cut);
    expect(res.json()).toMatchObject({ code: 'FILE_CUT_SHORT', fieldErrors: { file: expect.stringContaining('cut short or damaged') } });
    // Longer than it declares is not "cut short": still the type check's refusal.
    expect(await answers('crown.stl', Buffer.concat([whole, Buffer.alloc(10)]))).toEqual(['415 FILE_TYPE_REFUSED', '415 FILE_TYPE_REFUSED', '415 FILE_TYPE_REFUSED']);
    expect(await stored()).toEqual(before);
  });
});

describe('file names with direction controls', () => {
  const CONTROLS = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

  it.each(CONTROLS)('refuses a name holding %j on every upload route (400), keeping nothing', async (c) => {
    const before = await stored();
    expect(await answers(`scan${c}gpj.stl`, binaryStl())).toEqual(['400 FILE_NAME_DIRECTION', '400 FILE_NAME_DIRECTION', '400 FILE_NAME_DIRECTION']);
    const image = await upload('/api/uploads', `photo${c}gnp.exe`, PNG);
    expect(image.statusCode, image.body).toBe(400);
    expect(image.json().code).toBe('FILE_NAME_DIRECTION');
    // The files page's own name for the file, too.
    const named = await upload(ROUTES[0]!, 'crown.stl', binaryStl(), { name: `crown${c}lts.exe` });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json()).toMatchObject({ code: 'FILE_NAME_DIRECTION', fieldErrors: { name: expect.any(String) } });
    expect(await stored()).toEqual(before);
  });

  it('keeps names in any script as they were typed', async () => {
    const res = await upload(ROUTES[2]!, 'مسح الفك العلوي.stl', binaryStl());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('مسح الفك العلوي.stl');
  });
});
