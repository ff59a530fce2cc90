import { Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ScanFindingCode } from '@cusp/shared';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';
import type { OrderFile, ScanAnalysis, ScanFinding } from '@/lib/domain';

/** Amber that keeps 4.5:1 on white (Mantine's orange.9 is 3.9:1; axe refused it). */
const WARNING_TEXT = '#9a3a06';

const KNOWN: ReadonlySet<ScanFindingCode> = new Set([
  'not_a_mesh',
  'no_triangles',
  'unreadable',
  'units_suspect',
  'low_resolution',
  'open_holes',
  'open_scan',
  'many_shells',
  'degenerate_triangles',
  'zip_no_meshes',
  'zip_partly_checked',
]);
/** How often a pending check is asked for again. */
const POLL_MS = 1500;

/**
 * The server's scan check of one order file (docs/decisions/0026), beside the file: "12,345 triangles ·
 * 42 × 38 × 21 mm · 1 shell", then each finding (errors red, warnings amber, notes grey), translated by
 * its code. While the check runs it says so and asks `GET /api/order-files/{id}` again until it is done.
 */
export function ScanCheck({ fileId, analysis }: { fileId: string; analysis: ScanAnalysis | null }) {
  const { t, number } = useI18n();
  const query = useQuery({
    queryKey: ['order-files', fileId, 'analysis'],
    queryFn: ({ signal }) => api.get<OrderFile>(`/order-files/${encodeURIComponent(fileId)}`, { signal }),
    enabled: analysis?.status === 'pending',
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && q.state.data.analysis?.status !== 'pending') ? false : POLL_MS),
  });
  const current = query.data?.analysis ?? analysis;
  if (!current) return null;

  if (current.status === 'pending') {
    return (
      <Group gap={6} wrap="nowrap" aria-live="polite">
        <Loader size={12} aria-hidden />
        <Text size="xs" c="dimmed">
          {t('orders.scan.checking')}
        </Text>
      </Group>
    );
  }

  const mm = (value: number) => number(value, { maximumFractionDigits: value < 10 ? 2 : 1 });
  const text = (finding: ScanFinding) => {
    if (!KNOWN.has(finding.code)) return finding.message;
    const p = finding.params;
    const count = Number(p.holes ?? p.shells ?? p.degenerate ?? p.skipped ?? 0);
    const message = t(`orders.scan.findings.${finding.code}`, {
      count,
      n: number(count),
      size: typeof p.size === 'number' ? number(p.size, { maximumSignificantDigits: 3 }) : '',
      unit: p.unit === 'm' || p.unit === 'in' || p.unit === 'um' || p.unit === 'unknown' ? t(`orders.scan.units.${p.unit}`) : '',
      triangles: typeof p.triangles === 'number' ? number(p.triangles) : '',
      area: typeof p.area === 'number' ? number(p.area) : '',
    });
    return p.part ? t('orders.scan.part', { part: String(p.part), text: message }) : message;
  };

  return (
    <Stack gap={2} data-testid="scan-check">
      {current.status === 'done' ? (
        <Text size="xs" c="dimmed">
          {[
            t('orders.scan.triangles', { count: current.triangles, n: number(current.triangles) }),
            t('orders.scan.size', { x: mm(current.bbox.x), y: mm(current.bbox.y), z: mm(current.bbox.z) }),
            t('orders.scan.shells', { count: current.shells, n: number(current.shells) }),
          ].join(' · ')}
        </Text>
      ) : null}
      {current.findings.map((finding) => (
        <Group key={`${finding.code}-${String(finding.params.part ?? '')}`} gap={4} wrap="nowrap" align="flex-start">
          {finding.level === 'error' ? (
            <IconCircleX size={14} aria-hidden color="var(--mantine-color-error)" style={{ flexShrink: 0, marginTop: 2 }} />
          ) : finding.level === 'warning' ? (
            <IconAlertTriangle size={14} aria-hidden color={WARNING_TEXT} style={{ flexShrink: 0, marginTop: 2 }} />
          ) : (
            <IconInfoCircle size={14} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0, marginTop: 2 }} />
          )}
          <Text
            size="xs"
            c={finding.level === 'error' ? 'var(--mantine-color-error)' : finding.level === 'warning' ? WARNING_TEXT : 'dimmed'}
            data-level={finding.level}
          >
            {finding.level === 'info' ? null : <VisuallyHidden component="span">{t(`orders.scan.level.${finding.level}`)} </VisuallyHidden>}
            {text(finding)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
