import { useState } from 'react';
import { Button, Checkbox, Chip, Collapse, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { DESIGN_LIMITS, PRESET_NAME_MAX, type ContactStrength, type Occlusion, type OutputFormat, type PonticType, type PresetInput } from '@cusp/shared';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useCreatePreset } from '../api/preferences';
import { useDentalLabels } from '../lib/dental-labels';
import { useOrderMessages } from '@/lib/order-messages';
import type { DesignDraft } from '../lib/prescription-draft';
import type { Preset } from '@/lib/domain';

interface DesignFieldsProps {
  design: DesignDraft;
  onChange: (design: DesignDraft) => void;
  /** The formats the service delivers. */
  formats: readonly OutputFormat[];
  hasPontic: boolean;
  issueAt: (path: string) => string | undefined;
  presets: Preset[];
  presetId: string | null;
  onPreset: (preset: Preset | null) => void;
  /** What a saved preset keeps besides the design: the first unit's material and shade. */
  presetExtras: Pick<PresetInput, 'material' | 'shade'>;
}

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

/**
 * The design block (cement gap, extra cement gap, distance to margin, minimum thickness, contacts, occlusion,
 * pontic shape when there is a pontic, files to deliver), with the buyer's presets: picking one fills the
 * fields, which stay editable for this order; "Save as preset" keeps them for the next.
 */
export function DesignFields({ design, onChange, formats, hasPontic, issueAt, presets, presetId, onPreset, presetExtras }: DesignFieldsProps) {
  const { t } = useI18n();
  const dental = useDentalLabels();
  const { failure, message } = useOrderMessages();
  const create = useCreatePreset();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const set = (patch: Partial<DesignDraft>) => onChange({ ...design, ...patch });
  const at = (field: string) => issueAt(`design.${field}`);
  const formatsError = issueAt('design.outputFormats') ?? design.outputFormats.map((_, i) => issueAt(`design.outputFormats.${i}`)).find(Boolean);

  const save = () => {
    setSaveError(undefined);
    const num = (value: number | '') => (value === '' ? undefined : value);
    create.mutate(
      {
        name: name.trim(),
        design: {
          cementGapMicrons: num(design.cementGapMicrons),
          extraCementGapMicrons: num(design.extraCementGapMicrons),
          distanceToMarginMm: num(design.distanceToMarginMm),
          minThicknessMm: num(design.minThicknessMm),
          contactStrength: design.contactStrength,
          occlusion: design.occlusion,
          outputFormats: design.outputFormats,
        },
        ...presetExtras,
        isDefault: makeDefault,
      },
      {
        onSuccess: (preset) => {
          notifySuccess(t('orders.rx.presetSaved', { name: preset.name }));
          setSaving(false);
          setName('');
          onPreset(preset);
        },
        onError: (error) => setSaveError(failure(error, t('orders.rx.presetFailed'))),
      },
    );
  };

  return (
    <Fieldset legend={t('orders.rx.design')} radius="md">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('orders.rx.preset')}
            description={t('orders.rx.presetHint')}
            data={[
              { value: '', label: t('orders.rx.presetNone') },
              ...presets.map((p) => ({ value: p.id, label: p.isDefault ? t('orders.rx.presetDefault', { name: p.name }) : p.name })),
            ]}
            value={presetId ?? ''}
            onChange={(value) => onPreset(presets.find((p) => p.id === value) ?? null)}
            allowDeselect={false}
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => setSaving((open) => !open)}
            aria-expanded={saving}
          >
            {t('orders.rx.savePreset')}
          </Button>
        </Group>
        <Collapse expanded={saving}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('orders.rx.presetName')}
              value={name}
              maxLength={PRESET_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              error={message(saveError)}
              style={{ flex: '1 1 14rem' }}
            />
            <Checkbox label={t('orders.rx.presetMakeDefault')} checked={makeDefault} onChange={(event) => setMakeDefault(event.currentTarget.checked)} mb={8} />
            <Button onClick={save} loading={create.isPending} disabled={!name.trim()}>
              {t('orders.rx.presetSave')}
            </Button>
          </Group>
        </Collapse>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <NumberInput
            label={t('orders.rx.cementGap')}
            value={design.cementGapMicrons}
            onChange={(value) => set({ cementGapMicrons: toNumber(value) })}
            min={DESIGN_LIMITS.cementGapMicrons.min}
            max={DESIGN_LIMITS.cementGapMicrons.max}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            error={at('cementGapMicrons')}
          />
          <NumberInput
            label={t('orders.rx.extraCementGap')}
            value={design.extraCementGapMicrons}
            onChange={(value) => set({ extraCementGapMicrons: toNumber(value) })}
            min={DESIGN_LIMITS.extraCementGapMicrons.min}
            max={DESIGN_LIMITS.extraCementGapMicrons.max}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            error={at('extraCementGapMicrons')}
          />
          <NumberInput
            label={t('orders.rx.distanceToMargin')}
            value={design.distanceToMarginMm}
            onChange={(value) => set({ distanceToMarginMm: toNumber(value) })}
            min={DESIGN_LIMITS.distanceToMarginMm.min}
            max={DESIGN_LIMITS.distanceToMarginMm.max}
            step={0.1}
            decimalScale={2}
            allowNegative={false}
            error={at('distanceToMarginMm')}
          />
          <NumberInput
            label={t('orders.rx.minThickness')}
            description={t('orders.rx.minThicknessHint')}
            value={design.minThicknessMm}
            onChange={(value) => set({ minThicknessMm: toNumber(value) })}
            min={DESIGN_LIMITS.minThicknessMm.min}
            max={DESIGN_LIMITS.minThicknessMm.max}
            step={0.1}
            decimalScale={2}
            allowNegative={false}
            error={at('minThicknessMm')}
          />
          <Select
            label={t('orders.rx.contactStrength')}
            data={dental.options.contacts}
            value={design.contactStrength}
            onChange={(value) => value && set({ contactStrength: value as ContactStrength })}
            allowDeselect={false}
            error={at('contactStrength')}
          />
          <Select
            label={t('orders.rx.occlusion')}
            data={dental.options.occlusions}
            value={design.occlusion}
            onChange={(value) => value && set({ occlusion: value as Occlusion })}
            allowDeselect={false}
            error={at('occlusion')}
          />
          {hasPontic ? (
            <Select
              label={t('orders.rx.ponticType')}
              data={dental.options.pontics}
              value={design.ponticType}
              onChange={(value) => set({ ponticType: (value as PonticType | null) ?? null })}
              withAsterisk
              error={at('ponticType')}
            />
          ) : null}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="output-formats-label">
            {t('orders.rx.outputFormats')}
          </Text>
          <Chip.Group multiple value={design.outputFormats} onChange={(value) => set({ outputFormats: value as OutputFormat[] })}>
            <Group gap="xs" role="group" aria-labelledby="output-formats-label">
              {dental.options.formats(formats).map((option) => (
                <Chip key={option.value} value={option.value} size="sm">
                  {option.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {formatsError ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {formatsError}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Fieldset>
  );
}
