import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { bridgesOf, FILE_ROLES, isImplantRestoration } from '@cusp/shared';
import { formatDate } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';
import { useDentalLabels } from '../lib/dental-labels';
import classes from './PrescriptionCard.module.css';
import { ToothChart } from './ToothChart';
import type { OrderDetail } from '@/lib/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from today (UTC) to an ISO date: negative once it has passed. */
export function daysUntil(isoDate: string, now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${isoDate}T00:00:00Z`) - today) / DAY_MS);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={600} component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The prescription at a glance for the designer (docs/product.md §5.1): the tooth diagram coloured by restoration with
 * short labels and a legend, bridges joined, the units table, the design parameters, the due date with the
 * time left, the scans by role and the notes; "Download PDF" (the server's one-page A4 in the reader's
 * language) and Print (this card alone, by the print stylesheet).
 */
export function PrescriptionCard({ order }: { order: OrderDetail }) {
  const { t, i18n, locale, number } = useI18n();
  const dental = useDentalLabels();
  const rx = order.prescription;
  const units = rx.units;
  const hasImplant = units.some((u) => isImplantRestoration(u.restoration));
  const bridges = bridgesOf(units).filter((b) => b.teeth.length > 1);
  const days = daysUntil(order.dueBy);
  const left =
    days < 0 && !['completed', 'cancelled'].includes(order.status)
      ? t('orders.rx.overdue')
      : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day');
  const dueDate = formatDate(`${order.dueBy}T12:00:00Z`, locale, { dateStyle: 'medium' });
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const d = rx.design;
  const mm = (value: number) => t('orders.rx.mm', { value: number(value) });
  const microns = (value: number) => t('orders.rx.microns', { value: number(value) });
  const filesByRole = FILE_ROLES.map((role) => ({ role, files: order.attachments.filter((f) => f.role === role) })).filter((g) => g.files.length > 0);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="prescription-title" className={classes.card} data-testid="prescription-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="prescription-title">
              {t('orders.rx.card')}
            </Title>
            <Text size="sm" c="dimmed" className={classes.printOnly}>
              {order.title}
            </Text>
            {rx.caseRef ? (
              <Text size="sm" fw={600} dir="auto">
                {t('orders.rx.caseRefValue', { ref: rx.caseRef })}
              </Text>
            ) : null}
          </Stack>
          <Group gap="xs" className={classes.noPrint}>
            <Button
              component="a"
              href={`/api/orders/${encodeURIComponent(order.id)}/prescription.pdf?lang=${language}`}
              target="_blank"
              rel="noopener"
              variant="light"
              size="compact-md"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
            >
              {t('orders.rx.pdf')}
            </Button>
            <Button variant="default" size="compact-md" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {t('orders.rx.print')}
            </Button>
          </Group>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('orders.rx.due')}
          </Text>
          <Text size="sm" fw={700} data-testid="prescription-due">
            {t('orders.rx.dueIn', { date: dueDate, left })}
          </Text>
        </Group>

        {units.length > 0 || order.teeth.length > 0 ? (
          <ToothChart readOnly hideLabel label={t('orders.teeth.label')} value={units.length > 0 ? units.map((u) => u.tooth) : order.teeth} units={units.length > 0 ? units : undefined} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('orders.rx.noUnits')}
          </Text>
        )}
        {bridges.length > 0 ? (
          <Group gap="xs">
            {bridges.map((bridge) => (
              <Badge key={bridge.teeth.join('-')} variant="light" color="violet" tt="none" size="lg" data-testid="prescription-bridge">
                {t('orders.rx.bridgeOf', { from: Math.min(...bridge.teeth), to: Math.max(...bridge.teeth) })}
              </Badge>
            ))}
          </Group>
        ) : null}

        {units.length > 0 ? (
          <table className={classes.table} aria-label={t('orders.rx.units')}>
            <thead>
              <tr>
                <th scope="col">{t('orders.rx.tooth')}</th>
                <th scope="col">{t('orders.rx.restoration')}</th>
                <th scope="col">{t('orders.rx.material')}</th>
                <th scope="col">{t('orders.rx.shade')}</th>
                {hasImplant ? <th scope="col">{t('orders.rx.implant')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {units.map((unit) => (
                <tr key={unit.tooth}>
                  <th scope="row" data-label={t('orders.rx.tooth')}>
                    {unit.tooth}
                  </th>
                  <td data-label={t('orders.rx.restoration')}>{dental.restoration(unit.restoration)}</td>
                  <td data-label={t('orders.rx.material')}>{dental.material(unit.material)}</td>
                  <td data-label={t('orders.rx.shade')}>{unit.shade ?? '—'}</td>
                  {hasImplant ? (
                    <td data-label={t('orders.rx.implant')} dir="auto">
                      {unit.implant ? t('orders.rx.implantValue', { system: unit.implant.system, platform: unit.implant.platform }) : '—'}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}

        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('orders.rx.design')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" m={0}>
            <Fact label={t('orders.rx.cementGap')} value={microns(d.cementGapMicrons)} />
            <Fact label={t('orders.rx.extraCementGap')} value={microns(d.extraCementGapMicrons)} />
            <Fact label={t('orders.rx.distanceToMargin')} value={mm(d.distanceToMarginMm)} />
            <Fact label={t('orders.rx.minThickness')} value={d.minThicknessMm !== undefined ? mm(d.minThicknessMm) : t('orders.rx.designNone')} />
            <Fact label={t('orders.rx.contactStrength')} value={dental.contact(d.contactStrength)} />
            <Fact label={t('orders.rx.occlusion')} value={dental.occlusion(d.occlusion)} />
            {d.ponticType ? <Fact label={t('orders.rx.ponticType')} value={dental.pontic(d.ponticType)} /> : null}
            <Fact label={t('orders.rx.outputFormats')} value={dental.list(d.outputFormats.map(dental.format))} />
          </SimpleGrid>
        </Stack>

        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('orders.rx.scans')}
          </Title>
          {filesByRole.length > 0 ? (
            <dl className={classes.roles}>
              {filesByRole.map(({ role, files }) => (
                <div key={role} data-testid={`scans-${role}`}>
                  <dt>{dental.role(role)}</dt>
                  <dd>{files.map((f) => f.name).join(', ')}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <Text size="sm" c="dimmed">
              {t('orders.rx.noScans')}
            </Text>
          )}
        </Stack>

        {rx.notes ? (
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('orders.rx.notes')}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
              {rx.notes}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
