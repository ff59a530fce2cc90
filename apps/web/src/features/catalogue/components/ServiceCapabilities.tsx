import { Badge, Group, Stack, Text } from '@mantine/core';
import { useI18n } from '@/lib/use-i18n';
import { useDentalLabels } from '@/features/orders';
import type { Service } from '@/lib/domain';

/** What a service designs (docs/product.md §7.1): restorations, materials, CAD software and the files delivered. */
export function ServiceCapabilities({ service }: { service: Pick<Service, 'restorations' | 'materials' | 'software' | 'outputFormats'> }) {
  const { t } = useI18n();
  const dental = useDentalLabels();
  const rows = [
    { key: 'restorations', label: t('catalogue.capabilities.restorations'), items: service.restorations.map(dental.restoration) },
    { key: 'materials', label: t('catalogue.capabilities.materials'), items: service.materials.map(dental.material) },
    { key: 'software', label: t('catalogue.capabilities.software'), items: service.software.map(dental.software) },
    { key: 'outputFormats', label: t('catalogue.capabilities.outputFormats'), items: service.outputFormats.map(dental.format) },
  ];
  return (
    <Stack gap="sm" component="dl" m={0}>
      {rows.map((row) => (
        <div key={row.key} data-testid={`service-${row.key}`}>
          <Text component="dt" size="sm" c="dimmed" mb={4}>
            {row.label}
          </Text>
          <Group component="dd" gap={6} m={0}>
            {row.items.length > 0 ? (
              row.items.map((item) => (
                <Badge key={item} variant="light" color="gray" c="dark.6" tt="none" size="md">
                  {item}
                </Badge>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {t('catalogue.capabilities.none')}
              </Text>
            )}
          </Group>
        </div>
      ))}
    </Stack>
  );
}
