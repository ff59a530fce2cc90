import { vi } from 'vitest';
import type { FileRecordJson } from '@cusp/shared';

let n = 0;
/** A file record as GET /api/file answers it. */
export function buildFileRecord(overrides: Partial<FileRecordJson> = {}): FileRecordJson {
  n += 1;
  const token = `tok${n}${'x'.repeat(40)}`;
  return {
    _id: `file-${n}`,
    name: `scan-${n}.stl`,
    link: `http://localhost:3000/api/files/${token}`,
    shareUrl: `http://localhost:3000/share/${token}`,
    uploadDate: '2026-03-01T10:00:00.000Z',
    expiryDate: '2026-03-31T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    size: 684,
    type: 'stl',
    ...overrides,
  };
}

/** A stand-in for XMLHttpRequest: the test drives progress, the answer and aborts. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install() {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('No upload was sent');
    return xhr;
  }
}
