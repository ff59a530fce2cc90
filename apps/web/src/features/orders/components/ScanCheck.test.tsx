import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScanAnalysisJson } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { buildOrderFile } from '../test-data';
import { ScanCheck } from './ScanCheck';

const done: ScanAnalysisJson = {
  status: 'done',
  triangles: 12345,
  vertices: 6200,
  bbox: { x: 42, y: 38.04, z: 21 },
  areaMm2: 4000,
  shells: 1,
  holes: 0,
  degenerate: 0,
  findings: [
    { level: 'warning', code: 'units_suspect', message: 'The model is 0.042 across...', params: { size: 0.042, unit: 'm', unitName: 'metres' } },
    { level: 'info', code: 'open_scan', message: 'Open surface (1 boundary): normal for a jaw scan.', params: { holes: 1 } },
  ],
};

afterEach(async () => {
  await setLanguage('en', { persist: false });
});

describe('ScanCheck', () => {
  it('shows the figures on one line and the warnings translated, in amber', () => {
    renderWithProviders(<ScanCheck fileId="f1" analysis={done} />);
    expect(screen.getByText('12,345 triangles · 42 × 38 × 21 mm · 1 shell')).toBeInTheDocument();
    const warning = screen.getByText(/probably saved in metres/);
    expect(warning).toHaveAttribute('data-level', 'warning');
    expect(warning).toHaveTextContent('Warning: Read as millimetres, the model is 0.042 mm across, which is unusual: it was probably saved in metres.');
    expect(screen.getByText('Open surface, as a jaw scan normally is.')).toHaveAttribute('data-level', 'info');
  });

  it('says it is checking, asks again and shows the result once done', async () => {
    let calls = 0;
    mockApi({
      'GET /api/order-files/f2': () => {
        calls += 1;
        return { body: buildOrderFile({ _id: 'f2', analysis: calls < 2 ? { ...done, status: 'pending', findings: [] } : { ...done, findings: [] } }) };
      },
    });
    renderWithProviders(<ScanCheck fileId="f2" analysis={{ ...done, status: 'pending', findings: [] }} />);
    expect(screen.getByText('Checking the mesh…')).toBeInTheDocument();
    expect(await screen.findByText('12,345 triangles · 42 × 38 × 21 mm · 1 shell')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows a failed check as an error, and speaks Arabic', async () => {
    await act(() => setLanguage('ar', { persist: false }));
    renderWithProviders(
      <ScanCheck
        fileId="f3"
        analysis={{ ...done, status: 'failed', triangles: 0, findings: [{ level: 'error', code: 'unreadable', message: 'This file is damaged or cut short and cannot be read.', params: {} }] }}
      />,
    );
    expect(screen.getByText(/هذا الملف تالف أو مقطوع/)).toHaveAttribute('data-level', 'error');
    expect(screen.queryByText(/المثلثات/)).not.toBeInTheDocument();
  });
});
