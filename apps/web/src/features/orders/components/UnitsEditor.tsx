import { Button, CloseButton, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IMPLANT_TEXT_MAX, isImplantRestoration, needsShade, type Material, type Restoration } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useDentalLabels } from '../lib/dental-labels';
import type { Capabilities, UnitDraft } from '../lib/prescription-draft';

interface UnitsEditorProps {
  units: UnitDraft[];
  onChange: (units: UnitDraft[]) => void;
  capabilities: Capabilities;
  /** The message at a path of the prescription (`units.2.shade`), if any. */
  issueAt: (path: string) => string | undefined;
  disabled?: boolean;
}

/**
 * One card per prescribed tooth (in chart order): restoration and material among what the service designs,
 * the shade (grouped by guide; not asked for titanium, wax or metal) and, for implant work, the implant system
 * and platform. Each rule's message shows at its field.
 */
export function UnitsEditor({ units, onChange, capabilities, issueAt, disabled = false }: UnitsEditorProps) {
  const { t } = useI18n();
  const dental = useDentalLabels();
  const update = (index: number, patch: Partial<UnitDraft>) =>
    onChange(units.map((unit, i) => (i === index ? { ...unit, ...patch } : unit)));

  const withCurrent = <T extends string>(offered: readonly T[], current: T) => (offered.includes(current) ? offered : [...offered, current]);

  return (
    <Stack gap="xs" component="ul" aria-label={t('orders.rx.units')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {units.map((unit, index) => {
        const at = (field: string) => issueAt(`units.${index}.${field}`);
        const shadeWanted = needsShade(unit.material);
        const implant = isImplantRestoration(unit.restoration);
        const label = (field: string) => `${t('orders.rx.tooth')} ${unit.tooth}: ${field}`;
        return (
          <Paper component="li" key={unit.tooth} withBorder radius="md" p="sm" data-testid={`unit-${unit.tooth}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm">
                  {t('orders.rx.unitTitle', { tooth: unit.tooth, name: dental.toothName(unit.tooth) })}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('orders.rx.removeUnit', { tooth: unit.tooth })}
                  onClick={() => onChange(units.filter((_, i) => i !== index))}
                  disabled={disabled}
                />
              </Group>
              {at('tooth') ? (
                <Text size="sm" c="var(--mantine-color-error)" role="alert">
                  {at('tooth')}
                </Text>
              ) : null}
              <Grid gap="xs">
                <Grid.Col span={{ base: 12, sm: shadeWanted ? 4 : 6 }}>
                <Select
                  label={t('orders.rx.restoration')}
                  aria-label={label(t('orders.rx.restoration'))}
                  data={dental.options.restorations(withCurrent(capabilities.restorations, unit.restoration))}
                  value={unit.restoration}
                  onChange={(value) => value && update(index, { restoration: value as Restoration })}
                  allowDeselect={false}
                  error={at('restoration')}
                  disabled={disabled}
                />
                </Grid.Col>
                <Grid.Col span={{ base: shadeWanted ? 8 : 12, sm: shadeWanted ? 5 : 6 }}>
                <Select
                  label={t('orders.rx.material')}
                  aria-label={label(t('orders.rx.material'))}
                  data={dental.options.materials(withCurrent(capabilities.materials, unit.material))}
                  value={unit.material}
                  onChange={(value) => {
                    if (!value) return;
                    const material = value as Material;
                    update(index, { material, shade: needsShade(material) ? unit.shade : '' });
                  }}
                  allowDeselect={false}
                  error={at('material')}
                  disabled={disabled}
                />
                </Grid.Col>
                {shadeWanted ? (
                  <Grid.Col span={{ base: 4, sm: 3 }}>
                  <Select
                    label={t('orders.rx.shade')}
                    aria-label={label(t('orders.rx.shade'))}
                    data={dental.options.shades}
                    value={unit.shade || null}
                    onChange={(value) => update(index, { shade: value ?? '' })}
                    searchable
                    clearable
                    error={at('shade')}
                    disabled={disabled}
                    maxDropdownHeight={260}
                  />
                  </Grid.Col>
                ) : null}
              </Grid>
              {!shadeWanted ? (
                <Text size="xs" c="dimmed">
                  {t('orders.rx.shadeNone')}
                </Text>
              ) : null}
              {implant ? (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <TextInput
                    label={t('orders.rx.implantSystem')}
                    aria-label={label(t('orders.rx.implantSystem'))}
                    placeholder={t('orders.rx.implantSystemPlaceholder')}
                    maxLength={IMPLANT_TEXT_MAX}
                    value={unit.implant.system}
                    onChange={(event) => update(index, { implant: { ...unit.implant, system: event.currentTarget.value } })}
                    error={at('implant.system') ?? at('implant')}
                    disabled={disabled}
                    withAsterisk
                  />
                  <TextInput
                    label={t('orders.rx.implantPlatform')}
                    aria-label={label(t('orders.rx.implantPlatform'))}
                    placeholder={t('orders.rx.implantPlatformPlaceholder')}
                    maxLength={IMPLANT_TEXT_MAX}
                    value={unit.implant.platform}
                    onChange={(event) => update(index, { implant: { ...unit.implant, platform: event.currentTarget.value } })}
                    error={at('implant.platform')}
                    disabled={disabled}
                    withAsterisk
                  />
                </SimpleGrid>
              ) : null}
              {index === 0 && units.length > 1 ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => onChange(units.map((u) => ({ ...u, material: unit.material, shade: needsShade(unit.material) ? unit.shade : '' })))}
                  disabled={disabled}
                >
                  {t('orders.rx.applyToAll')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
