import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FILE_NOT_FOUND, LINK_EXPIRED } from '@cusp/shared';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('/share/:token', () => {
  it('shows the name, size, expiry, a download button and the picture, to a visitor', async () => {
    const link = `http://localhost:3000/api/files/${TOKEN}`;
    mockApi({
      [`GET /api/files/${TOKEN}/info`]: {
        body: { name: 'smile.png', size: 1536, type: 'png', uploadDate: '2026-03-01T10:00:00.000Z', expiryDate: '2026-03-31T10:00:00.000Z', link },
      },
    });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'smile.png' })).toBeInTheDocument();
    expect(screen.getByText('1.5 kB')).toBeInTheDocument();
    expect(screen.getByText('Mar 31, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', link);
    expect(screen.getByRole('img', { name: 'Image smile.png' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Discover Cusp/ })).toHaveAttribute('href', '/');
  });

  it('explains an expired link (410)', async () => {
    mockApi({ [`GET /api/files/${TOKEN}/info`]: errorReply(410, LINK_EXPIRED, 'FILE_LINK_EXPIRED') });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText(/kept for 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Go to Cusp's home page" })).toHaveAttribute('href', '/');
  });

  it('says when the file does not exist or was deleted (404)', async () => {
    mockApi({ [`GET /api/files/${TOKEN}/info`]: errorReply(404, FILE_NOT_FOUND, 'FILE_NOT_FOUND') });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This file does not exist or was deleted.' })).toBeInTheDocument();
  });
});
