import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_MAX_BYTES, FILE_TYPE_REFUSED, NOT_YOUR_FILE, type FileRecordJson } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildFileRecord, FakeXhr } from '../test-utils';

const user = buildUser();

function stl(name = 'upper-arch.stl', size = 684) {
  return new File([new Uint8Array(size)], name, { type: 'model/stl' });
}

async function chooseFile(file: File, label = 'File to upload') {
  const input = await screen.findByLabelText(label);
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => FakeXhr.install());

describe('/files: upload', () => {
  it('uploads with progress, speed and time left, then shows My Files with the new file first', async () => {
    const old = buildFileRecord({ name: 'old-scan.stl' });
    const created = buildFileRecord({ name: 'Patient 12 upper arch', size: 684 });
    let list: FileRecordJson[] = [old];
    mockApi({ 'GET /api/file': () => ({ body: list }) }, { user });
    const { user: u } = renderApp('/files?tab=upload');

    expect(await screen.findByText('Accepted formats: STL, PLY, OBJ, ZIP, JPEG and PNG.')).toBeInTheDocument();
    expect(screen.getByText('Up to 200 MB per file.')).toBeInTheDocument();
    expect(screen.getByText(/Files expire after 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/direct link to share/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await chooseFile(stl());
    expect(screen.getByText('upper-arch.stl')).toBeInTheDocument();
    await u.type(screen.getByLabelText(/Display name/), 'Patient 12 upper arch');
    await u.click(screen.getByRole('button', { name: 'Upload' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/file/upload');
    // the name goes before the file, so the server reads it first
    expect([...xhr.body!.keys()]).toEqual(['name', 'file']);
    expect(xhr.body!.get('name')).toBe('Patient 12 upper arch');
    expect((xhr.body!.get('file') as File).name).toBe('upper-arch.stl');

    act(() => xhr.progress(342, 684));
    expect(await screen.findByText('50% uploaded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/MB\/s · .* left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();

    list = [created, old];
    act(() => xhr.respond(201, created));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Files' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText('Patient 12 upper arch was uploaded.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Patient 12 upper arch')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('old-scan.stl')).toBeInTheDocument();
  });

  it('cancels a running upload', async () => {
    mockApi({ 'GET /api/file': { body: [] } }, { user });
    const { user: u } = renderApp('/files?tab=upload');
    await chooseFile(stl());
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last().progress(100, 684));
    await u.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '+ Upload New File' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows 'Upload failed. ' and the server's reason for a 415", async () => {
    mockApi({ 'GET /api/file': { body: [] } }, { user });
    const { user: u } = renderApp('/files?tab=upload');
    await chooseFile(stl('tool.stl'));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last().respond(415, { message: FILE_TYPE_REFUSED, code: 'FILE_TYPE_REFUSED' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed. ${FILE_TYPE_REFUSED}`);
  });

  it('shows the server reason in Arabic for an Arabic reader', async () => {
    await setLanguage('ar', { persist: false });
    mockApi({ 'GET /api/file': { body: [] } }, { user });
    const { user: u } = renderApp('/files?tab=upload');
    await chooseFile(stl('tool.stl'), 'الملف المراد رفعه');
    await u.click(screen.getByRole('button', { name: 'رفع' }));
    act(() => FakeXhr.last().respond(415, { message: FILE_TYPE_REFUSED, code: 'FILE_TYPE_REFUSED' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('فشل الرفع. تُقبل ملفات STL وPLY وOBJ وZIP وJPEG وPNG فقط');
  });

  it('refuses a .exe (dropped) and a file over 200 MB without calling the server', async () => {
    mockApi({ 'GET /api/file': { body: [] } }, { user });
    renderApp('/files?tab=upload');
    const zone = await screen.findByTestId('drop-zone');
    const exe = new File(['MZ'], 'setup.exe');
    fireEvent.drop(zone, { dataTransfer: { files: [exe], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('setup.exe cannot be uploaded: only STL, PLY, OBJ, ZIP, JPEG and PNG files are accepted.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    const huge = stl('full-arch.stl', 10);
    Object.defineProperty(huge, 'size', { value: FILE_MAX_BYTES + 1 });
    await chooseFile(huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(/full-arch\.stl is 200 MB, over the 200 MB limit\./);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('/files: My Files', () => {
  it('shows an empty state that leads to the upload tab', async () => {
    mockApi({ 'GET /api/file': { body: [] } }, { user });
    const { user: u } = renderApp('/files');
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Upload a file' }));
    expect(screen.getByRole('tab', { name: '+ Upload New File' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists the columns, dates in the reader’s language, and a shortened share link', async () => {
    const file = buildFileRecord({ name: 'lower.ply', type: 'ply' });
    mockApi({ 'GET /api/file': { body: [file] } }, { user });
    renderApp('/files');
    const table = await screen.findByRole('table');
    for (const name of ['File Name', 'File Link', 'Upload Date', 'Expiry Date', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(table).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(table).getByText('Mar 31, 2026')).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: /^\/share\/tok/ });
    expect(link).toHaveAttribute('href', file.shareUrl);
    expect(within(table).getByRole('link', { name: 'Download lower.ply' })).toHaveAttribute('href', file.link);
  });

  it('copies the share link', async () => {
    const file = buildFileRecord();
    mockApi({ 'GET /api/file': { body: [file] } }, { user });
    const { user: u } = renderApp('/files');
    // user-event installs its own clipboard; watch it
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await u.click(await screen.findByRole('button', { name: `Copy the link to ${file.name}` }));
    expect(writeText).toHaveBeenCalledWith(file.shareUrl);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });

  it('deletes after confirmation, sending the link', async () => {
    const file = buildFileRecord({ name: 'bite.stl' });
    let list = [file];
    const api = mockApi(
      {
        'GET /api/file': () => ({ body: list }),
        'DELETE /api/file/delete': () => {
          list = [];
          return { status: 204 };
        },
      },
      { user },
    );
    const { user: u } = renderApp('/files');
    await u.click(await screen.findByRole('button', { name: 'Delete bite.stl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE /api/file/delete')).toHaveLength(1));
    expect(api.to('DELETE /api/file/delete')[0]!.body).toEqual({ link: file.link });
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
  });

  it("keeps the file and says why when the delete fails", async () => {
    const file = buildFileRecord({ name: 'bite.stl' });
    mockApi({ 'GET /api/file': { body: [file] }, 'DELETE /api/file/delete': errorReply(403, NOT_YOUR_FILE, 'FILE_NOT_YOURS') }, { user });
    const { user: u } = renderApp('/files');
    await u.click(await screen.findByRole('button', { name: 'Delete bite.stl' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Failed to delete file. ${NOT_YOUR_FILE}`)).toBeInTheDocument();
    expect(screen.getByText('bite.stl')).toBeInTheDocument();
  });

  it('previews an image in a dialog', async () => {
    const file = buildFileRecord({ name: 'smile.png', type: 'png' });
    mockApi({ 'GET /api/file': { body: [file] } }, { user });
    const { user: u } = renderApp('/files');
    await u.click(await screen.findByRole('button', { name: 'Preview smile.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of smile.png' });
    expect(within(dialog).getByRole('img', { name: 'Image smile.png' })).toHaveAttribute('src', new URL(file.link).pathname);
  });
});
