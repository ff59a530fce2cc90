import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { buildDesignerCard } from '../test-data';
import { DesignerCard } from './DesignerCard';
import { fromWire } from '@/lib/wire';

describe('DesignerCard', () => {
  it('shows at most 5 tags, then +N', () => {
    const designer = buildDesignerCard({ tags: ['Dental', 'Implant', 'Crown', 'Ortho', 'Pediatric', 'Veneers', 'Bridges'] });
    const { container } = renderWithProviders(<DesignerCard designer={fromWire(designer)} />);
    for (const tag of ['Dental', 'Implant', 'Crown', 'Ortho', 'Pediatric']) expect(screen.getByText(tag)).toBeInTheDocument();
    expect(screen.queryByText('Veneers')).not.toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('and 2 more specializations')).toBeInTheDocument(); // for screen readers
    expect(within(container).getByRole('link', { name: 'dr.designer' })).toHaveAttribute('href', '/profile/designer-1');
  });

  it('shows no +N with 5 tags or fewer, and the verified badge', () => {
    renderWithProviders(<DesignerCard designer={fromWire(buildDesignerCard({ tags: ['Dental', 'Crown'] }))} />);
    expect(screen.queryByText(/^\+\d/)).not.toBeInTheDocument();
    expect(screen.getByText('Verified designer')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 (2 reviews)')).toBeInTheDocument();
  });
});
