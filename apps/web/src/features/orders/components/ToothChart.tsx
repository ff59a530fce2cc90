import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { bridgesOf, type Restoration } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useDentalLabels } from '../lib/dental-labels';
import classes from './ToothChart.module.css';

/**
 * An FDI tooth chart (two-digit numbers: quadrant 1-4, tooth 1-8), drawn as a dentist reads it:
 * the patient's right on the viewer's left, upper arch above the lower one.
 *
 * - Editable: each tooth is a toggle button (aria-pressed). The chart is one tab stop; the arrow
 *   keys move along an arch and between arches, Home/End go to the ends of the arch, Enter or Space
 *   toggles. The chosen teeth are listed under the chart.
 * - `readOnly`: the same picture with the chosen teeth filled, for the order page; the list says
 *   which teeth in words.
 * - `units` (the prescription, docs/product.md §5.1): each prescribed tooth is coloured by its restoration and carries the restoration's
 *   short label (colour is never the only cue), bridges are drawn joined (`bridgesOf`), and a legend names
 *   the restorations shown.
 */

type Quadrant = 1 | 2 | 3 | 4;

const positions = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const toMidline = [...positions].reverse();

/** Rows as they are drawn, from the viewer's left to right. */
export const UPPER_ROW: readonly number[] = [...toMidline.map((t) => 10 + t), ...positions.map((t) => 20 + t)];
export const LOWER_ROW: readonly number[] = [...toMidline.map((t) => 40 + t), ...positions.map((t) => 30 + t)];

const quadrantOf = (tooth: number) => Math.floor(tooth / 10) as Quadrant;
const positionOf = (tooth: number) => tooth % 10;
/** Width class: incisors narrow, canine and premolars middle, molars wide. */
const sizeOf = (tooth: number) => (positionOf(tooth) <= 2 ? 1 : positionOf(tooth) <= 5 ? 2 : 3);

export const sortTeeth = (teeth: readonly number[]) => [...new Set(teeth)].sort((a, b) => a - b);

/** Which arches the teeth are on (1 or 2 for a non-empty list). */
export function archesOf(teeth: readonly number[]): number {
  const upper = teeth.some((t) => quadrantOf(t) <= 2);
  const lower = teeth.some((t) => quadrantOf(t) >= 3);
  return Number(upper) + Number(lower);
}

export interface ToothChartProps {
  value: readonly number[];
  onChange?: (teeth: number[]) => void;
  readOnly?: boolean;
  /** The chart's name for screen readers and its visible heading. */
  label: string;
  /** Keep the label for screen readers only (when a heading already says it). */
  hideLabel?: boolean;
  description?: string;
  error?: string;
  /** The prescription's units: colours, short labels, joined bridges and a legend. */
  units?: readonly { tooth: number; restoration: Restoration }[];
  /** Hide the "n teeth chosen" line (when a table below lists the units). */
  hideList?: boolean;
}

/** Colour of each restoration on the chart (light fills with dark text; the short label says the same). */
export const RESTORATION_TONES: Readonly<Record<Restoration, string>> = {
  crown: 'blue',
  bridge_retainer: 'violet',
  pontic: 'orange',
  inlay: 'teal',
  onlay: 'teal',
  veneer: 'pink',
  implant_crown_screw: 'indigo',
  implant_crown_cement: 'indigo',
  custom_abutment: 'cyan',
  coping: 'lime',
  post_core: 'yellow',
  denture_tooth: 'gray',
};

export function ToothChart({ value, onChange, readOnly = false, label, hideLabel = false, description, error, units, hideList = false }: ToothChartProps) {
  const { t, dir } = useI18n();
  const dental = useDentalLabels();
  const restorationOf = new Map(units?.map((u) => [u.tooth, u.restoration]));
  // Each tooth joined to the next one in its row (same bridge): the connector drawn after it.
  const joinedNext = new Set<number>();
  const bridges = units ? bridgesOf(units) : [];
  for (const bridge of bridges) bridge.teeth.slice(0, -1).forEach((tooth) => joinedNext.add(tooth));
  const inBridge = new Set(bridges.filter((b) => b.teeth.length > 1).flatMap((b) => b.teeth));
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const selected = new Set(value);
  const [active, setActive] = useState<number>(() => sortTeeth(value)[0] ?? 11);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const toothName = (tooth: number) =>
    t('orders.teeth.name', {
      quadrant: t(`orders.teeth.quadrants.${quadrantOf(tooth)}`),
      position: t(`orders.teeth.positions.${positionOf(tooth) as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`),
    });

  const toggle = (tooth: number) => {
    if (readOnly || !onChange) return;
    setActive(tooth);
    onChange(selected.has(tooth) ? value.filter((v) => v !== tooth) : sortTeeth([...value, tooth]));
  };

  const focusTooth = (tooth: number) => {
    setActive(tooth);
    buttons.current.get(tooth)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, tooth: number) => {
    const row = UPPER_ROW.includes(tooth) ? UPPER_ROW : LOWER_ROW;
    const other = row === UPPER_ROW ? LOWER_ROW : UPPER_ROW;
    const index = row.indexOf(tooth);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = row[Math.min(row.length - 1, index + 1)];
    else if (event.key === 'ArrowLeft') next = row[Math.max(0, index - 1)];
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const down = event.key === 'ArrowDown';
      if ((down && row === UPPER_ROW) || (!down && row === LOWER_ROW)) next = other[index];
      else next = tooth;
    } else if (event.key === 'Home') next = row[0];
    else if (event.key === 'End') next = row[row.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    focusTooth(next);
  };

  const renderTooth = (tooth: number, arch: 'upper' | 'lower') => {
    const isSelected = selected.has(tooth);
    const restoration = restorationOf.get(tooth);
    const joined = joinedNext.has(tooth) && inBridge.has(tooth);
    const common = {
      'data-arch': arch,
      'data-size': sizeOf(tooth),
      'data-restoration': restoration,
      'data-tone': restoration ? RESTORATION_TONES[restoration] : undefined,
      'data-joined': joined ? (tooth === 11 || tooth === 41 ? 'midline' : 'next') : undefined,
      'data-testid': restoration ? `chart-tooth-${tooth}` : undefined,
      className: classes.tooth,
    };
    const content = restoration ? (
      <>
        <span className={classes.number}>{tooth}</span>
        <span className={classes.short}>{dental.short(restoration)}</span>
      </>
    ) : (
      tooth
    );
    const name = restoration ? `${toothName(tooth)}: ${dental.restoration(restoration)}` : toothName(tooth);
    if (readOnly) {
      return (
        <span key={tooth} {...common} data-readonly data-selected={isSelected || undefined} title={name}>
          {content}
        </span>
      );
    }
    return (
      <button
        key={tooth}
        ref={(element) => {
          if (element) buttons.current.set(tooth, element);
          else buttons.current.delete(tooth);
        }}
        type="button"
        {...common}
        aria-pressed={isSelected}
        aria-label={t('orders.teeth.tooth', { number: tooth, name })}
        title={name}
        tabIndex={tooth === active ? 0 : -1}
        onClick={() => toggle(tooth)}
        onKeyDown={(event) => onKeyDown(event, tooth)}
        onFocus={() => setActive(tooth)}
      >
        {content}
      </button>
    );
  };

  const renderArch = (arch: 'upper' | 'lower') => {
    const row = arch === 'upper' ? UPPER_ROW : LOWER_ROW;
    const [right, left] = arch === 'upper' ? [1, 2] : [4, 3];
    return (
      <div className={classes.arch} role={readOnly ? undefined : 'group'} aria-label={readOnly ? undefined : t(`orders.teeth.${arch}`)}>
        <div className={classes.quadrant} data-side="right">
          {arch === 'upper' ? <span className={classes.caption}>{t(`orders.teeth.quadrants.${right as Quadrant}`)}</span> : null}
          <div className={classes.teeth}>{row.slice(0, 8).map((tooth) => renderTooth(tooth, arch))}</div>
          {arch === 'lower' ? <span className={classes.caption}>{t(`orders.teeth.quadrants.${right as Quadrant}`)}</span> : null}
        </div>
        <div className={classes.quadrant} data-side="left">
          {arch === 'upper' ? <span className={classes.caption}>{t(`orders.teeth.quadrants.${left as Quadrant}`)}</span> : null}
          <div className={classes.teeth}>{row.slice(8).map((tooth) => renderTooth(tooth, arch))}</div>
          {arch === 'lower' ? <span className={classes.caption}>{t(`orders.teeth.quadrants.${left as Quadrant}`)}</span> : null}
        </div>
      </div>
    );
  };

  const list = sortTeeth(value);
  const listText = list.join(dir === 'rtl' ? '، ' : ', ');

  return (
    <Stack gap="xs">
      <div>
        {hideLabel ? (
          <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
        ) : (
          <Text id={labelId} fw={500} size="sm">
            {label}
          </Text>
        )}
        {description ? (
          <Text id={descriptionId} size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      <div
        className={classes.chart}
        data-marked={units ? true : undefined}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        aria-hidden={readOnly || undefined}
      >
        {renderArch('upper')}
        {renderArch('lower')}
      </div>
      {units && units.length > 0 ? <Legend units={units} /> : null}
      {hideList ? null : (
      <Group gap="sm" justify="space-between" wrap="nowrap" align="center">
        <Text size="sm" aria-live={readOnly ? undefined : 'polite'} data-testid="selected-teeth">
          {list.length > 0
            ? t('orders.teeth.selected', { count: list.length, list: listText })
            : readOnly
              ? t('orders.teeth.noneChosen')
              : t('orders.teeth.none')}
        </Text>
        {!readOnly && list.length > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange?.([])}>
            {t('orders.teeth.clear')}
          </Button>
        ) : null}
      </Group>
      )}
      {error ? (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The restorations shown on the chart: swatch, short label and name. */
function Legend({ units }: { units: readonly { restoration: Restoration }[] }) {
  const { t } = useI18n();
  const dental = useDentalLabels();
  const shown = [...new Set(units.map((u) => u.restoration))];
  return (
    <div className={classes.legend} aria-label={t('orders.rx.legend')} role="list">
      {shown.map((restoration) => (
        <span key={restoration} role="listitem" className={classes.legendItem}>
          <span className={classes.swatch} data-tone={RESTORATION_TONES[restoration]} data-restoration={restoration} aria-hidden>
            {dental.short(restoration)}
          </span>
          {dental.restoration(restoration)}
        </span>
      ))}
    </div>
  );
}
