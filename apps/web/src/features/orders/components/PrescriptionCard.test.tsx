import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DESIGNER, buildEvent, buildOrderDetail, buildOrderFile } from '../test-data';
import { daysUntil } from './PrescriptionCard';

const bridgeOrder = buildOrderDetail({
  _id: 'o-rx',
  isSeller: true,
  teeth: [14, 15, 16, 36],
  quantity: 4,
  dueBy: '2026-03-10',
  prescription: {
    units: [
      { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
      { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
      { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
      { tooth: 36, restoration: 'implant_crown_screw', material: 'titanium', implant: { system: 'Straumann BLX', platform: 'RB' } },
    ],
    design: { cementGapMicrons: 45, extraCementGapMicrons: 25, distanceToMarginMm: 0.6, minThicknessMm: 0.6, contactStrength: 'medium', occlusion: 'light_contact', ponticType: 'ovate', outputFormats: ['stl', 'ply'] },
    caseRef: 'LAB-2291',
    dueBy: '2026-03-10',
    notes: 'Incisal shade A1.',
  },
  attachments: [buildOrderFile({ name: 'UpperJaw.stl', role: 'upper_jaw' }), buildOrderFile({ name: 'LowerJaw.stl', role: 'lower_jaw' })],
  events: [buildEvent({ type: 'created' }), buildEvent({ type: 'revision_requested', note: 'Open the contact.', units: [14, 15] })],
});

describe('the prescription card', () => {
  it('shows the chart by restoration with the bridge joined, the units table, the design, the due date, the scans and the PDF', async () => {
    mockApi({ 'GET /api/orders/o-rx': { body: bridgeOrder } }, { user: DESIGNER });
    renderApp('/orders/o-rx');
    const card = await screen.findByRole('region', { name: 'Prescription' });
    expect(within(card).getByText('Case LAB-2291')).toBeInTheDocument();
    // the chart: short labels, colours, the bridge drawn joined (16 → 15 → 14), a legend
    expect(within(card).getByTestId('chart-tooth-15')).toHaveTextContent('15PON');
    expect(within(card).getByTestId('chart-tooth-16')).toHaveAttribute('data-joined', 'next');
    expect(within(card).getByTestId('chart-tooth-15')).toHaveAttribute('data-joined', 'next');
    expect(within(card).getByTestId('chart-tooth-14')).not.toHaveAttribute('data-joined');
    expect(within(card).getByTestId('chart-tooth-36')).not.toHaveAttribute('data-joined');
    expect(within(card).getByTestId('chart-tooth-15')).toHaveAttribute('data-tone', 'orange');
    expect(within(card).getByTestId('prescription-bridge')).toHaveTextContent('Bridge 14–16');
    const legend = within(card).getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'RETBridge retainer',
      'PONPontic',
      'ISRImplant crown, screw-retained',
    ]);
    // the units table
    const rows = within(within(card).getByRole('table', { name: 'Units' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Tooth', 'Restoration', 'Material', 'Shade', 'Implant'],
      ['16', 'Bridge retainer', 'Monolithic zirconia', 'A2', '—'],
      ['15', 'Pontic', 'Monolithic zirconia', 'A2', '—'],
      ['14', 'Bridge retainer', 'Monolithic zirconia', 'A2', '—'],
      ['36', 'Implant crown, screw-retained', 'Titanium', '—', 'Straumann BLX, RB'],
    ]);
    // design, scans, notes, PDF
    expect(within(card).getByText('45 µm')).toBeInTheDocument();
    expect(within(card).getByText('Ovate')).toBeInTheDocument();
    expect(within(card).getByText('STL and PLY')).toBeInTheDocument();
    expect(within(card).getByTestId('scans-upper_jaw')).toHaveTextContent('Upper jawUpperJaw.stl');
    expect(within(card).getByText('Incisal shade A1.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/orders/o-rx/prescription.pdf?lang=en');
    expect(within(card).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(within(card).getByTestId('prescription-due')).toHaveTextContent(/Mar 10, 2026 \(/);
    // the revision's teeth in the history
    expect(screen.getByTestId('event-units')).toHaveTextContent('Teeth: 14, 15');
  }, 40_000);

  it('reads in Arabic, asking the PDF in Arabic; tooth numbers stay FDI', async () => {
    await setLanguage('ar', { persist: false });
    mockApi({ 'GET /api/orders/o-rx': { body: bridgeOrder } }, { user: DESIGNER });
    renderApp('/orders/o-rx');
    const card = await screen.findByRole('region', { name: 'الوصفة' });
    expect(within(card).getByRole('link', { name: 'تنزيل PDF' })).toHaveAttribute('href', '/api/orders/o-rx/prescription.pdf?lang=ar');
    expect(within(card).getByTestId('chart-tooth-15')).toHaveTextContent('15وسيط');
    expect(within(card).getByTestId('prescription-bridge')).toHaveTextContent('جسر 14–16');
  });

  it('counts the days left to the due date', () => {
    const now = new Date('2026-03-07T18:00:00Z');
    expect(daysUntil('2026-03-10', now)).toBe(3);
    expect(daysUntil('2026-03-07', now)).toBe(0);
    expect(daysUntil('2026-03-05', now)).toBe(-2);
  });
});
