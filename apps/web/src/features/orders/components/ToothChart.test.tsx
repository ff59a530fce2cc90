import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { archesOf, LOWER_ROW, ToothChart, UPPER_ROW } from './ToothChart';

function Harness({ initial = [], onChange }: { initial?: number[]; onChange?: (teeth: number[]) => void }) {
  const [teeth, setTeeth] = useState<number[]>(initial);
  return (
    <ToothChart
      label="Teeth (FDI numbering)"
      value={teeth}
      onChange={(next) => {
        setTeeth(next);
        onChange?.(next);
      }}
    />
  );
}

const tooth = (n: number) => screen.getByRole('button', { name: new RegExp(`^Tooth ${n},`) });

describe('ToothChart', () => {
  it('draws the 32 FDI teeth as a dentist reads them, upper arch above the lower', () => {
    renderWithProviders(<Harness />);
    const upper = screen.getByRole('group', { name: 'Upper arch' });
    const lower = screen.getByRole('group', { name: 'Lower arch' });
    expect(within(upper).getAllByRole('button').map((b) => Number(b.textContent))).toEqual([...UPPER_ROW]);
    expect(within(lower).getAllByRole('button').map((b) => Number(b.textContent))).toEqual([...LOWER_ROW]);
    expect(UPPER_ROW.slice(0, 3)).toEqual([18, 17, 16]);
    expect(UPPER_ROW.slice(7, 9)).toEqual([11, 21]);
    expect(LOWER_ROW.slice(7, 9)).toEqual([41, 31]);
    expect(tooth(11)).toHaveAccessibleName('Tooth 11, upper right central incisor');
    expect(tooth(36)).toHaveAccessibleName('Tooth 36, lower left first molar');
    expect(screen.getByText('No teeth chosen yet.')).toBeInTheDocument();
  });

  it('toggles teeth by click and lists them in FDI order', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(tooth(21));
    await user.click(tooth(11));
    await user.click(tooth(46));
    expect(tooth(21)).toHaveAttribute('aria-pressed', 'true');
    expect(tooth(12)).toHaveAttribute('aria-pressed', 'false');
    expect(onChange).toHaveBeenLastCalledWith([11, 21, 46]);
    expect(screen.getByTestId('selected-teeth')).toHaveTextContent('3 teeth chosen: 11, 21, 46');

    await user.click(tooth(21));
    expect(tooth(21)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('selected-teeth')).toHaveTextContent('2 teeth chosen: 11, 46');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No teeth chosen yet.')).toBeInTheDocument();
  });

  it('is one tab stop; arrows move along and between the arches, Space and Enter toggle', async () => {
    const { user } = renderWithProviders(
      <>
        <button type="button">before</button>
        <Harness />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(tooth(11)).toHaveFocus(); // the roving stop starts at 11
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0 && /^Tooth/.test(b.getAttribute('aria-label') ?? ''))).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(tooth(21)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tooth(22)).toHaveFocus();
    await user.keyboard(' ');
    expect(tooth(22)).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{ArrowDown}');
    expect(tooth(32)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tooth(32)).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{Home}');
    expect(tooth(48)).toHaveFocus();
    await user.keyboard('{ArrowLeft}'); // stays at the end
    expect(tooth(48)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(tooth(18)).toHaveFocus();
    await user.keyboard('{End}');
    expect(tooth(28)).toHaveFocus();
    expect(screen.getByTestId('selected-teeth')).toHaveTextContent('2 teeth chosen: 22, 32');

    // Tab leaves the chart from the focused tooth, and comes back to it.
    await user.tab();
    expect(tooth(28)).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(tooth(28)).toHaveFocus();
  });

  it('names the teeth in Arabic and keeps the anatomical order', async () => {
    await setLanguage('ar', { persist: false });
    renderWithProviders(<Harness initial={[11]} />);
    const upper = screen.getByRole('group', { name: 'القوس العلوي' });
    expect(within(upper).getAllByRole('button')[0]).toHaveTextContent('18');
    expect(screen.getByRole('button', { name: 'السن 11، القاطع المركزي من الربع العلوي الأيمن' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('read-only: no buttons, the chosen teeth in words', () => {
    renderWithProviders(<ToothChart readOnly label="Teeth" value={[36, 11]} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('selected-teeth')).toHaveTextContent('2 teeth chosen: 11, 36');
  });

  it('counts the arches teeth are on', () => {
    expect(archesOf([])).toBe(0);
    expect(archesOf([11, 28])).toBe(1);
    expect(archesOf([31, 48])).toBe(1);
    expect(archesOf([11, 31])).toBe(2);
  });
});
