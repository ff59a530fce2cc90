import { useMemo, useState, type FormEvent } from 'react';
import { Button, Divider, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CASE_REF_MAX, ORDER_MAX_ARCHES, ORDER_REQUIREMENTS_MAX, earliestDueDate, needsShade, type FileRole, type ServiceIntentInput, tierDays, type TurnaroundTier } from '@cusp/shared';
import { IsoDateInput } from '@/components/IsoDateInput';
import { FormMessage } from '@/components/FormMessage';
import { useI18n } from '@/lib/use-i18n';
import { useCreateIntent } from '@/features/payments';
import { useCaseFileUploads } from '../api/order-files';
import { usePresets } from '../api/preferences';
import { useQuote } from '../api/quote';
import { useDentalLabels } from '../lib/dental-labels';
import { useOrderMessages } from '@/lib/order-messages';
import {
  applyPreset,
  draftIssues,
  emptyDraft,
  markBridge,
  parseRange,
  toggleTooth,
  toPrescriptionInput,
  unitDefaults,
  type DraftIssue,
  type PrescriptionDraft,
} from '../lib/prescription-draft';
import { CaseFilesField } from './CaseFilesField';
import { DesignFields } from './DesignFields';
import { QuoteSummary } from './QuoteSummary';
import { TierPicker } from './TierPicker';
import { ToothChart } from './ToothChart';
import { UnitsEditor } from './UnitsEditor';
import type { Preset, Service } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

export type OrderFormService = Pick<
  Service,
  'id' | 'title' | 'toothPrice' | 'unitOrArch' | 'deliveryTime' | 'turnaround' | 'restorations' | 'materials' | 'outputFormats'
>;

/**
 * "Order Service" (docs/product.md §5.1): the dental prescription tooth by tooth on the FDI chart
 * (restoration, material, shade, implant details; a bridge marked from one tooth to another), the design
 * parameters filled from the buyer's default preset, the case reference, due date and notes, the case files
 * with their roles; the shared rules check the draft as it changes, and the server prices it
 * (POST /api/payments/quote) before "Continue to payment" creates the order. A service priced per arch may
 * have no teeth: then the buyer says how many arches, as before.
 */
export function OrderForm({ service, onCancel }: { service: OrderFormService; onCancel: () => void }) {
  const { t, number } = useI18n();
  const dental = useDentalLabels();
  const { message, failure } = useOrderMessages();
  const navigate = useNavigate();
  const create = useCreateIntent();
  const uploads = useCaseFileUploads();
  const presets = usePresets();
  const perArch = service.unitOrArch === 'arch';

  const [draft, setDraft] = useState<PrescriptionDraft>(() => emptyDraft(service));
  const [preset, setPreset] = useState<Preset | null>(null);
  const [arches, setArches] = useState<number | string>(1);
  const [roles, setRoles] = useState<Record<string, FileRole>>({});
  const [bridgeText, setBridgeText] = useState('');
  const [bridgeError, setBridgeError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [tier, setTier] = useState<TurnaroundTier>('standard');
  const defaults = unitDefaults(service, preset);
  // The due date is held to the chosen tier's days (docs/decisions/0041), as the server does.
  const deliveryDays = tierDays(service.deliveryTime, service.turnaround, tier);
  const timed = useMemo(() => ({ ...service, deliveryTime: deliveryDays }), [service, deliveryDays]);

  // The buyer's default preset fills the design block once the presets arrive (state adjusted while rendering).
  const [presetsSeen, setPresetsSeen] = useState(false);
  if (!presetsSeen && presets.data) {
    setPresetsSeen(true);
    const chosen = presets.data.find((p) => p.isDefault);
    if (chosen) {
      setPreset(chosen);
      setDraft(applyPreset(draft, chosen, service));
    }
  }

  const change = (next: PrescriptionDraft) => {
    setDraft(next);
    setServerErrors({});
    setFormError(undefined);
  };
  const choosePreset = (next: Preset | null) => {
    setPreset(next);
    if (next) change(applyPreset(draft, next, service));
  };

  const issues = useMemo(() => draftIssues(draft, timed), [draft, timed]);
  const shown = issues.filter((issue) => submitted || issue.code !== 'NO_UNITS');
  // One way for every issue of the draft: by its code (a rule's sentence names its tooth).
  const textOf = (issue: DraftIssue) => (issue.code ? dental.issue({ code: issue.code, params: issue.params }) : issue.message);
  const issueAt = (path: string): string | undefined => {
    const found = shown.find((issue) => issue.path === path);
    if (found) return textOf(found);
    return message(serverErrors[`prescription.${path}`]);
  };

  const hasUnits = draft.units.length > 0;
  const validArches = typeof arches === 'number' && Number.isInteger(arches) && arches >= 1 && arches <= ORDER_MAX_ARCHES;
  const archesError = perArch && !hasUnits && submitted && !validArches ? 'ORDER_TOO_MANY_UNITS' : undefined;
  const attachments = uploads.items.flatMap((item) => (item.status === 'done' ? [{ id: item.record.id, role: roles[item.record.id] ?? item.record.role }] : []));

  const body: ServiceIntentInput = {
    type: 'service',
    id: service.id,
    ...(perArch && !hasUnits ? { quantity: Number(arches) } : {}),
    prescription: toPrescriptionInput(draft),
    attachments,
    tier,
  };
  const waiting = !perArch && !hasUnits ? 'units' : issues.length > 0 || (perArch && !hasUnits && !validArches) ? 'fixes' : undefined;
  const quote = useQuote(waiting ? null : body);
  const earliest = quote.data?.earliestDueBy ?? earliestDueDate(new Date(), deliveryDays);
  const quoteError = quote.isError ? failure(quote.error, t('orders.rx.quoteFailed')) : undefined;

  const markTheBridge = () => {
    const range = parseRange(bridgeText);
    const next = range ? markBridge(draft.units, range[0], range[1], defaults) : null;
    if (!next) {
      setBridgeError(t('orders.rx.bridgeInvalid'));
      return;
    }
    setBridgeError(undefined);
    change({ ...draft, units: next });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (issues.length > 0 || (perArch && !hasUnits && !validArches)) {
      setFormError(t('orders.rx.fixErrors'));
      return;
    }
    if (uploads.busy) return;
    create.mutate(body, {
      onSuccess: (intent) => {
        void navigate(`/pay/service/${encodeURIComponent(service.id)}?payment=${encodeURIComponent(intent.id)}`);
      },
      onError: (error) => {
        const fields = fieldMessages(error);
        setServerErrors(fields);
        const placed = Object.keys(fields).some((key) => key.startsWith('prescription.') || key === 'attachments' || key === 'quantity');
        setFormError(placed ? t('orders.rx.fixErrors') : failure(error, t('orders.form.failed')));
      },
    });
  };

  const presetExtras = {
    material: draft.units[0]?.material ?? defaults.material,
    shade: (draft.units[0] && needsShade(draft.units[0].material) ? draft.units[0].shade : defaults.shade) || null,
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {perArch && !hasUnits ? (
          <NumberInput
            label={t('orders.form.arches')}
            description={t('orders.form.archesHint', { max: number(ORDER_MAX_ARCHES) })}
            value={arches}
            onChange={setArches}
            min={1}
            max={ORDER_MAX_ARCHES}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={message(archesError ?? serverErrors.quantity)}
            w={{ base: '100%', xs: 320 }}
          />
        ) : null}
        <ToothChart
          label={t('orders.rx.teethLabel')}
          description={perArch ? t('orders.rx.teethHintArch') : t('orders.rx.teethHintUnit')}
          value={draft.units.map((u) => u.tooth)}
          units={draft.units}
          onChange={(teeth) => {
            // A click adds or removes one tooth; "Clear" empties the list.
            if (teeth.length === 0) return change({ ...draft, units: [] });
            const added = teeth.find((tooth) => !draft.units.some((u) => u.tooth === tooth));
            const removed = draft.units.find((u) => !teeth.includes(u.tooth));
            const tooth = added ?? removed?.tooth;
            if (tooth !== undefined) change({ ...draft, units: toggleTooth(draft.units, tooth, defaults) });
          }}
          error={issueAt('units') ?? message(serverErrors.teeth)}
        />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('orders.rx.bridgeLabel')}
            description={t('orders.rx.bridgeHint')}
            placeholder="14-16"
            value={bridgeText}
            onChange={(event) => {
              setBridgeText(event.currentTarget.value);
              setBridgeError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                markTheBridge();
              }
            }}
            error={bridgeError}
            style={{ flex: '0 1 22rem' }}
            dir="ltr"
          />
          <Button variant="light" onClick={markTheBridge} mt={{ base: 0, xs: 44 }}>
            {t('orders.rx.bridgeApply')}
          </Button>
        </Group>
        {hasUnits ? (
          <Stack gap={6}>
            <Text fw={500} size="sm">
              {t('orders.rx.units')} · {t('orders.rx.unitsCount', { count: draft.units.length })}
            </Text>
            <UnitsEditor units={draft.units} onChange={(units) => change({ ...draft, units })} capabilities={service} issueAt={issueAt} disabled={create.isPending} />
          </Stack>
        ) : null}
        <DesignFields
          design={draft.design}
          onChange={(design) => change({ ...draft, design })}
          formats={service.outputFormats}
          hasPontic={draft.units.some((u) => u.restoration === 'pontic')}
          issueAt={issueAt}
          presets={presets.data ?? []}
          presetId={preset?.id ?? null}
          onPreset={choosePreset}
          presetExtras={presetExtras}
        />
        <TierPicker
          service={service}
          value={tier}
          onChange={(next) => {
            setTier(next);
            setServerErrors({});
          }}
          error={message(serverErrors.tier)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('orders.rx.caseRef')}
            description={t('orders.rx.caseRefHint')}
            value={draft.caseRef}
            maxLength={CASE_REF_MAX}
            onChange={(event) => change({ ...draft, caseRef: event.currentTarget.value })}
            error={issueAt('caseRef')}
            autoComplete="off"
          />
          <IsoDateInput
            label={t('orders.rx.dueBy')}
            description={t('orders.rx.dueByHint', { date: earliest })}
            minDate={earliest}
            value={draft.dueBy || null}
            onChange={(date) => change({ ...draft, dueBy: date ?? '' })}
            error={issueAt('dueBy')}
          />
        </SimpleGrid>
        <Textarea
          label={t('orders.rx.notes')}
          description={t('orders.rx.notesHint')}
          placeholder={t('orders.rx.notesPlaceholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={ORDER_REQUIREMENTS_MAX}
          value={draft.notes}
          onChange={(event) => change({ ...draft, notes: event.currentTarget.value })}
          error={issueAt('notes')}
        />
        <CaseFilesField
          label={t('orders.form.files')}
          items={uploads.items}
          onAdd={uploads.add}
          onRemove={uploads.remove}
          error={message(serverErrors.attachments)}
          disabled={create.isPending}
          roles={roles}
          onRoleChange={(id, role) => setRoles((current) => ({ ...current, [id]: role }))}
        />
        <Divider />
        <QuoteSummary quote={quote.data} waiting={waiting} pending={quote.isFetching} error={quoteError} />
        {uploads.busy ? (
          <Text size="sm" c="dimmed" role="status">
            {t('orders.form.waitForUploads')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('orders.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploads.busy}>
            {t('orders.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
