import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, signUpDesigner, useTestApp, type TestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart, PNG, streamedMultipart } from '../../../test/multipart.js';
import { startS3rver } from '../../../test/s3.js';
import { migrationsFolder } from '../../paths.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { moveLegacyAttachments, sweepUnclaimedAttachments } from './attachments.service.js';

// Chat attachments (docs/decisions/0020): private to the conversation's two parties, checked by content.

const t = await useTestApp();
const { app, ctx } = t;
const designer = await signUpDesigner(app);
const buyer = await signUpAndLogin(app);
const outsider = await signUpAndLogin(app);

const startConversation = async (cookie: string, to: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { to } });
  return res.json().conversationID as string;
};
const conversationId = await startConversation(buyer.cookie, designer.user._id);
const otherConversationId = await startConversation(outsider.cookie, designer.user._id);

const attach = (cookie: string | undefined, id: string, name: string, type: string, data: Buffer) => {
  const body = multipart({}, [{ field: 'file', name, type, data }]);
  return app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/attachments`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
};
const send = (cookie: string, id: string, attachments: unknown[]) =>
  app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie },
    payload: { conversationID: id, description: 'The scan', clientId: randomUUID(), attachments },
  });
const storedKeys = async (prefix: string) => (await readdir(path.join(ctx.config.dataDir, 'uploads', prefix)).catch(() => [] as string[])).sort();

/** A Windows program: "MZ", then padded so its size is 84 + 50 n, as a binary STL's would be. */
const mzProgram = () => {
  const buf = Buffer.alloc(84 + 50 * 20, 0x90);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(20, 80);
  return buf;
};

describe('POST /api/conversations/:id/attachments', () => {
  it('stores a case file for the conversation and answers { url, name, type, size }', async () => {
    const stl = binaryStl();
    const res = await attach(buyer.cookie, conversationId, 'crown 11.stl', 'model/stl', stl);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['name', 'size', 'type', 'url']);
    expect(body).toMatchObject({ name: 'crown 11.stl', type: 'raw', size: stl.length });
    expect(body.url).toMatch(new RegExp(`^/api/conversations/${conversationId}/attachments/[0-9a-f-]{36}$`));
    const image = await attach(designer.cookie, conversationId, 'photo.png', 'image/png', PNG);
    expect(image.json()).toMatchObject({ type: 'image', name: 'photo.png' });
  });

  it('is for the two parties only: 401 without a session, 403 for anyone else, 404 for no conversation', async () => {
    expect((await attach(undefined, conversationId, 'a.stl', 'model/stl', binaryStl())).statusCode).toBe(401);
    expect((await attach(outsider.cookie, conversationId, 'a.stl', 'model/stl', binaryStl())).statusCode).toBe(403);
    expect((await attach(buyer.cookie, randomUUID(), 'a.stl', 'model/stl', binaryStl())).statusCode).toBe(404);
  });

  it('checks the content like every other upload: a Windows program named .stl is refused, nothing kept', async () => {
    const before = await storedKeys('chat');
    for (const [name, data] of [
      ['virus.stl', Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode')],
      ['scan.stl', mzProgram()],
      ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['tool.exe', mzProgram()],
    ] as const) {
      const res = await attach(buyer.cookie, conversationId, name, 'application/octet-stream', data);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code).toBe('FILE_TYPE_REFUSED');
    }
    expect(await storedKeys('chat')).toEqual(before);
  });

  it('refuses a chunked upload past the limit while it streams (413), keeping nothing', async () => {
    const limit = uploadLimits.caseFile;
    uploadLimits.caseFile = 1024 * 1024;
    try {
      const before = await storedKeys('chat');
      const body = streamedMultipart({ field: 'file', name: 'big.stl', type: 'model/stl', head: Buffer.from('solid big\n'), size: 1024 * 1024 + 100_000 });
      const res = await app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/attachments`,
        payload: body.payload,
        headers: { ...body.headers, cookie: buyer.cookie },
      });
      expect(res.headers['content-length']).toBeDefined();
      expect(res.statusCode).toBe(413);
      expect(await storedKeys('chat')).toEqual(before);
    } finally {
      uploadLimits.caseFile = limit;
    }
  });
});

describe('GET of an attachment', () => {
  const stl = binaryStl();
  let url = '';
  it('answers the two parties only: 401 anonymous, 403 outsider', async () => {
    url = (await attach(buyer.cookie, conversationId, 'design.stl', 'model/stl', stl)).json().url;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const outside = await app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } });
    expect(outside.statusCode).toBe(403);
    expect(outside.rawPayload.equals(stl)).toBe(false);
    // The same file id under the outsider's own conversation is not found either.
    const moved = url.replace(conversationId, otherConversationId);
    expect((await app.inject({ method: 'GET', url: moved, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);
  });

  it('serves a party the bytes as a private download, with ranges', async () => {
    for (const cookie of [buyer.cookie, designer.cookie]) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(stl)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="design.stl"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toBe('model/stl');
    }
    const part = await app.inject({ method: 'GET', url, headers: { cookie: designer.cookie, range: 'bytes=80-83' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 80-83/${stl.length}`);
    expect(part.rawPayload.equals(stl.subarray(80, 84))).toBe(true);
    const past = await app.inject({ method: 'GET', url, headers: { cookie: designer.cookie, range: `bytes=${stl.length}-` } });
    expect(past.statusCode).toBe(416);
  });
});

describe("a message's attachments", () => {
  it('accept an upload of this conversation, described by the server', async () => {
    const uploaded = (await attach(buyer.cookie, conversationId, 'prep.stl', 'model/stl', binaryStl())).json();
    const res = await send(buyer.cookie, conversationId, [{ ...uploaded, name: 'renamed-by-client.exe', size: 1 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments).toEqual([uploaded]);
    const history = await app.inject({ method: 'GET', url: `/api/messages/${conversationId}`, headers: { cookie: designer.cookie } });
    expect(history.json().at(-1).attachments).toEqual([uploaded]);
  });

  it('refuse (400) a /media address, another conversation\'s file and an unknown id', async () => {
    const elsewhere = (await attach(outsider.cookie, otherConversationId, 'other.stl', 'model/stl', binaryStl())).json();
    const cases = [
      { url: '/media/files/0b7c1f7e-8a53-4a4e-9d0e-1f1d1f1d1f1d.stl', name: 'old.stl', type: 'raw' },
      // Another conversation's upload, as is and with this conversation's id put in its address.
      elsewhere,
      { ...elsewhere, url: elsewhere.url.replace(otherConversationId, conversationId) },
      { url: `/api/conversations/${conversationId}/attachments/${randomUUID()}`, name: 'made-up.stl', type: 'raw' },
    ];
    for (const attachment of cases) {
      const res = await send(buyer.cookie, conversationId, [attachment]);
      expect(res.statusCode, attachment.url).toBe(400);
    }
  });

  it('uploaded but never sent are swept after a day; sent ones stay', async () => {
    const unsent = (await attach(buyer.cookie, conversationId, 'unsent.stl', 'model/stl', binaryStl())).json();
    const sent = (await attach(buyer.cookie, conversationId, 'sent.stl', 'model/stl', binaryStl())).json();
    expect((await send(buyer.cookie, conversationId, [sent])).statusCode).toBe(201);
    expect(await sweepUnclaimedAttachments(ctx, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ method: 'GET', url: unsent.url, headers: { cookie: buyer.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: sent.url, headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
  });
});

/** The data statements of migration 0006 (after its CREATE TABLE and indexes), run again on new rows. */
const migrationDataStatements = async () =>
  (await readFile(path.join(migrationsFolder, '0006_chat_attachments.sql'), 'utf8'))
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(--.*\n\s*)*(INSERT|UPDATE)/.test(s));

/** An attachment as sent before migration 0006: a public /media object in the message's JSON. */
async function moveOldAttachments(t: TestApp) {
  const { app, ctx } = t;
  const a = await signUpDesigner(app);
  const b = await signUpAndLogin(app);
  const outsiderOfIt = await signUpAndLogin(app);
  const conversation = (await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: b.cookie }, payload: { to: a.user._id } })).json()
    .conversationID as string;
  const stl = binaryStl();
  const fileKey = `files/${randomUUID()}.stl`;
  const imageId = randomUUID();
  const avatarKey = `images/${randomUUID()}.png`;
  await ctx.storage.put(fileKey, Readable.from([stl]));
  await ctx.storage.put(`images/${imageId}.png`, Readable.from([PNG]));
  await ctx.storage.put(`images/${imageId}.thumb.webp`, Readable.from([PNG]));
  await ctx.storage.put(avatarKey, Readable.from([PNG]));
  // The buyer's own profile picture, also sent in the chat: it must stay public.
  await ctx.database.query('update users set image = $1 where id = $2', [`/media/${avatarKey}`, b.user._id]);
  const old = [
    { url: `/media/${fileKey}`, name: 'crown.stl', type: 'raw', size: stl.length },
    { url: `/media/images/${imageId}.png`, name: 'photo.png', type: 'image', size: PNG.length },
    { url: `/media/${avatarKey}`, name: 'me.png', type: 'image' },
  ];
  await ctx.database.query(
    `insert into messages (conversation_id, user_id, description, client_id, attachments) values ($1, $2, 'Old files', $3, $4::jsonb)`,
    [conversation, b.user._id, randomUUID(), JSON.stringify(old)],
  );
  for (const { url } of old) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

  for (const statement of await migrationDataStatements()) await ctx.database.query(statement);
  const [row] = await ctx.database.query<{ attachments: Array<{ url: string; name: string; type: string }> }>(
    `select attachments from messages where conversation_id = $1 and description = 'Old files'`,
    [conversation],
  );
  const moved = row!.attachments;
  expect(moved.map((x) => x.name)).toEqual(['crown.stl', 'photo.png', 'me.png']);
  for (const x of moved) expect(x.url).toMatch(new RegExp(`^/api/conversations/${conversation}/attachments/[0-9a-f-]{36}$`));

  // Before the objects move, the new address already serves the old bytes (to the parties).
  expect((await app.inject({ method: 'GET', url: moved[0]!.url, headers: { cookie: a.cookie } })).rawPayload.equals(stl)).toBe(true);
  expect(await moveLegacyAttachments(ctx)).toBe(3);
  expect(await moveLegacyAttachments(ctx)).toBe(0);

  // The old public addresses no longer answer (the thumbnail neither); the profile picture stays.
  expect((await app.inject({ method: 'GET', url: old[0]!.url })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: old[1]!.url })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: `/media/images/${imageId}.thumb.webp` })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: old[2]!.url })).statusCode).toBe(200);
  expect(await ctx.storage.size(fileKey)).toBeNull();

  // The private copies answer the parties, as downloads, and no one else.
  const file = await app.inject({ method: 'GET', url: moved[0]!.url, headers: { cookie: b.cookie } });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(stl)).toBe(true);
  expect(file.headers['cache-control']).toBe('private, no-store');
  expect(file.headers['content-type']).toBe('model/stl');
  const image = await app.inject({ method: 'GET', url: moved[1]!.url, headers: { cookie: a.cookie } });
  expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
  expect(image.rawPayload.equals(PNG)).toBe(true);
  expect((await app.inject({ method: 'GET', url: moved[1]!.url, headers: { cookie: outsiderOfIt.cookie } })).statusCode).toBe(403);
  expect((await app.inject({ method: 'GET', url: moved[1]!.url })).statusCode).toBe(401);
  // And a moved attachment can be sent again in its conversation.
  const again = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie: a.cookie },
    payload: { conversationID: conversation, description: 'Again', clientId: randomUUID(), attachments: [moved[0]] },
  });
  expect(again.statusCode).toBe(201);
}

describe('migration 0006: attachments already stored under /media', () => {
  it('moves them to the private store (local folder)', async () => {
    await moveOldAttachments(t);
  });

  it('moves them to the private store (S3-compatible bucket)', async () => {
    const s3 = await startS3rver();
    const onS3 = await buildTestApp(s3.env);
    try {
      await moveOldAttachments(onS3);
    } finally {
      await onS3.close();
      await s3.close();
    }
  });
});
