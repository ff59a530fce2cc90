import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@cusp/shared';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BUYER, FakeSocket, buildMessage, fakeSocket } from '../test-utils';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { fromWire } from '@/lib/wire';

vi.mock('@/lib/socket', async () => (await import('../test-utils')).socketModuleMock);

// Chat attachments are private to the conversation (docs/decisions/0020): the composer uploads them to
// the conversation's own route and sends what it answered; the bubble links to them same-origin.

const STORED: Attachment = { url: '/api/conversations/c1/attachments/0b7c1f7e-8a53-4a4e-9d0e-1f1d1f1d1f1d', name: 'crown 11.stl', type: 'raw', size: 684 };

/** Stands in for XMLHttpRequest: records the request and answers it with `answer`. */
class FakeXhr {
  static requests: FakeXhr[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: STORED };
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  status = 0;
  response: unknown = null;
  body: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
    setTimeout(() => {
      this.status = FakeXhr.answer.status;
      this.response = FakeXhr.answer.body;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fakeSocket.current = new FakeSocket();
});
afterEach(() => vi.unstubAllGlobals());

describe('Composer attachments', () => {
  it("uploads a picked file to the conversation's attachments route and sends what it answered", async () => {
    mockApi({}, { user: BUYER });
    const socket = fakeSocket.current!;
    socket.ack = (payload) => ({ ok: true, message: buildMessage({ ...payload, attachments: [STORED] }) });
    const { user, container } = renderWithProviders(<Composer me={BUYER} conversationId="c1" />);
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.stl,.ply,.obj,.zip,.jpg,.jpeg,.png');
    await user.upload(input, new File([new Uint8Array(684)], 'crown 11.stl', { type: 'model/stl' }));

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const request = FakeXhr.requests[0]!;
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/conversations/c1/attachments', true]);
    expect((request.body as FormData).get('file')).toBeInstanceOf(File);

    await user.type(screen.getByRole('textbox', { name: /message/i }), 'The prep scan');
    await waitFor(() => expect(screen.getByRole('button', { name: /send/i })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    expect(socket.sent('message:send')[0]).toMatchObject({ conversationID: 'c1', description: 'The prep scan', attachments: [STORED] });
  });

  it('says why the server refused a file and sends nothing with it', async () => {
    mockApi({}, { user: BUYER });
    FakeXhr.answer = {
      status: 415,
      body: { code: 'FILE_TYPE_REFUSED', message: 'Only STL, PLY, OBJ, ZIP, JPEG and PNG files are accepted, and the content must match the file type.' },
    };
    try {
      const { user, container } = renderWithProviders(<Composer me={BUYER} conversationId="c1" />);
      const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
      await user.upload(input, new File(['MZ'], 'virus.stl', { type: 'model/stl' }));
      expect(await screen.findByText(/content must match the file type/i)).toBeInTheDocument();
      expect(screen.queryByText('virus.stl')).not.toBeInTheDocument();
    } finally {
      FakeXhr.answer = { status: 201, body: STORED };
    }
  });
});

describe('MessageBubble attachments', () => {
  it('links files and images to their same-origin address as downloads', () => {
    const image: Attachment = { url: '/api/conversations/c1/attachments/1d1d1d1d-8a53-4a4e-9d0e-0b7c1f7e0b7c', name: 'photo.png', type: 'image', size: 10 };
    renderWithProviders(<MessageBubble own={false} message={fromWire(buildMessage({ attachments: [STORED, image] }))} />);
    const file = screen.getByRole('link', { name: 'Download crown 11.stl' });
    expect(file).toHaveAttribute('href', STORED.url);
    expect(file).toHaveAttribute('download', 'crown 11.stl');
    const picture = screen.getByRole('link', { name: 'Download photo.png' });
    expect(picture).toHaveAttribute('href', image.url);
    expect(picture).toHaveAttribute('download', 'photo.png');
    expect(picture).not.toHaveAttribute('target');
    expect(screen.getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', image.url);
  });
});
