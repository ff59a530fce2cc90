import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Checkbox, ColorSwatch, Container, Grid, Group, SegmentedControl, Select, Slider, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCurrentLocation, IconMapPin, IconRuler2, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PIN_MAX, PIN_NOTE_MAX, type PinInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { ViewerStatus } from '@/components/mesh-viewer/ViewerStatus';
import { isApiError } from '@/lib/api';
import { notifySuccess } from '@/lib/notify';
import { useOrderMessages } from '@/lib/order-messages';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useOrder, useOrderAction, useResolvePin } from '../api/orders';
import { useDentalLabels } from '../lib/dental-labels';
import { CHECKLIST, ReviewChecklist, type ChecklistState } from './ReviewChecklist';
import { colourOf, meshFilesOf, type MeshFile } from './review-files';
import type { Pick, Vec3, ViewPreset } from './review-scene';
import type { LayerStatus, ReviewLayer, ViewportHandle } from './ReviewViewport';
import type { OrderDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

// three.js comes with the viewport, in its own chunk: this page's text and panels show before it arrives.
const ReviewViewport = lazy(() => import('./ReviewViewport'));

type Mode = 'orbit' | 'pin' | 'measure';

interface DraftPin extends PinInput {
  key: string;
}

const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * `/orders/{id}/review`: the whole case in one 3D scene (docs/decisions/0037). The scans and the chosen
 * delivery's design files in their own coordinates, each with a visibility switch, an opacity slider and a colour
 * by role; camera presets, a section and a measuring tool; the buyer drops numbered pins with notes, goes through the
 * checklist, then asks for a revision (pins and checklist in one request) or accepts; the designer sees the pins
 * in the scene and as a list that moves the camera to each, and marks them resolved.
 */
export function CaseReviewPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const query = useOrder(id);
  usePageTitle(query.data ? t('orders.review3d.pageTitle', { title: query.data.title }) : t('orders.review3d.title'));
  return (
    <Container size='lg' py={{ base: 'md', md: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
      {query.isPending ? (
        <PageLoader label={t('orders.detail.loading')} />
      ) : query.isError ? (
        <Stack gap="md">
          <Title order={1}>{t('orders.review3d.title')}</Title>
          <FormMessage tone="error">{isApiError(query.error) && query.error.status === 404 ? t('orders.server.notFound') : t('orders.server.notParticipant')}</FormMessage>
          <Anchor component={Link} to="/orders">
            {t('orders.detail.back')}
          </Anchor>
        </Stack>
      ) : (
        <CaseReview order={query.data} />
      )}
    </Container>
  );
}

function CaseReview({ order }: { order: OrderDetail }) {
  const { t, number, locale } = useI18n();
  const { role } = useDentalLabels();
  const { message, failure, ofCode } = useOrderMessages();
  const navigate = useNavigate();
  const viewport = useRef<ViewportHandle | null>(null);
  // A phone or tablet has no right button or wheel: its reader is told the gestures instead.
  const touch = useMediaQuery('(any-pointer: coarse)', false, { getInitialValueInEffect: false });

  const deliveries = useMemo(() => order.events.filter((event) => event.type === 'delivered' && event.files.some((f) => meshFilesOf([f]).length > 0)), [order.events]);
  const revisions = useMemo(() => order.events.filter((event) => event.type === 'revision_requested' && event.pins.length > 0), [order.events]);
  const [deliveryId, setDeliveryId] = useState(deliveries.at(-1)?.id ?? null);
  const [revisionId, setRevisionId] = useState(revisions.at(-1)?.id ?? null);
  const delivery = deliveries.find((event) => event.id === deliveryId) ?? null;
  const revision = revisions.find((event) => event.id === revisionId) ?? null;

  const files: MeshFile[] = useMemo(() => [...meshFilesOf(order.attachments), ...meshFilesOf(delivery?.files ?? [], true)], [order.attachments, delivery]);
  const deliveredIds = useMemo(() => new Set(deliveries.flatMap((event) => event.files.map((file) => file.id))), [deliveries]);
  const [settings, setSettings] = useState<Record<string, { visible: boolean; opacity: number }>>({});
  const [status, setStatus] = useState<Record<string, LayerStatus>>({});
  const layers: ReviewLayer[] = files.map((file) => ({
    fileId: file.id,
    url: file.url!,
    kind: file.meshKind,
    colour: colourOf(file),
    visible: settings[file.id]?.visible ?? true,
    opacity: settings[file.id]?.opacity ?? 1,
  }));
  const change = (fileId: string, patch: Partial<{ visible: boolean; opacity: number }>) =>
    setSettings((all) => ({ ...all, [fileId]: { visible: all[fileId]?.visible ?? true, opacity: all[fileId]?.opacity ?? 1, ...patch } }));
  const onStatus = useCallback((fileId: string, value: LayerStatus) => setStatus((all) => ({ ...all, [fileId]: value })), []);

  const canRevise = order.actions.includes('revision');
  const canAccept = order.actions.includes('accept');
  const [mode, setMode] = useState<Mode>('orbit');
  const [clip, setClip] = useState<number | null>(null);
  const [measure, setMeasure] = useState<Vec3[]>([]);
  const measured = measure.length === 2 ? distance(measure[0]!, measure[1]!) : null;
  const [drafts, setDrafts] = useState<DraftPin[]>([]);
  const [placing, setPlacing] = useState<(Pick & { note: string; withMeasure: boolean }) | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [checklist, setChecklist] = useState<ChecklistState>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const revise = useOrderAction(order.id, 'revision');
  const accept = useOrderAction(order.id, 'accept');
  const resolve = useResolvePin(order.id);

  const fileName = (fileId: string) => [...order.attachments, ...order.events.flatMap((e) => e.files)].find((f) => f.id === fileId)?.name ?? '';
  const mm = (value: number) => number(value, { maximumFractionDigits: 2, minimumFractionDigits: 2 });

  const onPick = (pick: Pick) => {
    setErrors(({ place: _, ...rest }) => rest);
    if (mode === 'measure') setMeasure((points) => (points.length >= 2 ? [pick.point] : [...points, pick.point]));
    else if (mode === 'pin' && canRevise && drafts.length < PIN_MAX) setPlacing({ ...pick, note: '', withMeasure: measured !== null });
  };
  const onMiss = () => setErrors((all) => ({ ...all, place: t('orders.review3d.nothingAtCentre') }));
  // The keyboard's pick (also Enter in the scene): the surface under the cross at the centre of the view.
  const pickAtCentre = () => {
    const pick = viewport.current?.pickCentre();
    if (pick) onPick(pick);
    else onMiss();
  };
  // A pin placed from the keyboard goes straight to its note.
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const placingOpen = placing !== null;
  useEffect(() => {
    if (placingOpen) noteRef.current?.focus();
  }, [placingOpen]);
  const savePin = () => {
    if (!placing) return;
    const text = placing.note.trim();
    if (!text) {
      setErrors({ placing: ofCode('PIN_NOTE') });
      return;
    }
    const [x, y, z] = placing.point;
    setDrafts((list) => [
      ...list,
      {
        key: `draft-${Date.now()}-${list.length}`,
        fileId: placing.fileId,
        x,
        y,
        z,
        note: text,
        camera: viewport.current?.cameraView(),
        // What was in view, so "Show pin" gives the designer the same scene (an occlusion pin keeps the opposing jaw).
        visibleFileIds: layers.filter((layer) => layer.visible).map((layer) => layer.fileId),
        ...(placing.withMeasure && measured !== null ? { measurementMm: Math.round(measured * 1000) / 1000 } : {}),
      },
    ]);
    // An attached measurement now lives with its pin; the ruler starts afresh.
    if (placing.withMeasure && measured !== null) setMeasure([]);
    setPlacing(null);
    setErrors({});
  };

  // The pins in the scene: the buyer's drafts while reviewing, else the chosen revision request's.
  const drafting = drafts.length > 0 || placing !== null;
  const shown = useMemo(
    () => (drafting ? drafts.map((pin, i) => ({ ...pin, number: i + 1, resolved: false, id: pin.key })) : (revision?.pins ?? [])),
    [drafting, drafts, revision],
  );
  const markers = useMemo(
    () => [
      ...shown.map((pin) => ({ key: pin.id, x: pin.x, y: pin.y, z: pin.z, resolved: pin.resolved, active: pin.id === active, label: String(pin.number) })),
      ...(placing ? [{ key: 'placing', x: placing.point[0], y: placing.point[1], z: placing.point[2], resolved: false, active: true, label: String(drafts.length + 1) }] : []),
    ],
    [shown, active, placing, drafts.length],
  );

  // The items marked "change" go by code, so each reader sees them in their language (docs/decisions/0059).
  const changes = () => CHECKLIST.filter((item) => checklist[item]?.state === 'change').map((item) => ({ item, note: checklist[item]?.note?.trim() ?? '' }));
  const sendRevision = () => {
    setErrors({});
    revise.mutate(
      { note: note.trim(), checklist: changes(), pins: drafts.map(({ key: _key, ...pin }) => pin) },
      {
        onSuccess: () => {
          notifySuccess(t('orders.actions.revisionSent'));
          void navigate(`/orders/${order.id}`);
        },
        onError: (error) => {
          const fields = fieldMessages(error);
          setErrors(Object.keys(fields).length ? { ...fields, form: failure(error, t('orders.actions.failed')) } : { form: failure(error, t('orders.actions.failed')) });
        },
      },
    );
  };
  const approve = () => {
    setErrors({});
    accept.mutate(
      { files: delivery?.files.map((file) => file.id) ?? [] },
      {
        onSuccess: () => {
          notifySuccess(t('orders.actions.accepted'));
          void navigate(`/orders/${order.id}`);
        },
        onError: (error) => setErrors({ form: failure(error, t('orders.actions.failed')) }),
      },
    );
  };

  const when = (value: string) => new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const anyLoaded = Object.values(status).some((s) => s === 'ready');
  const allFailed = files.length > 0 && files.every((f) => status[f.id] === 'error');
  const presets: Array<[ViewPreset, string]> = [
    ['occlusal', t('orders.review3d.viewOcclusal')],
    ['buccal', t('orders.review3d.viewBuccal')],
    ['lingual', t('orders.review3d.viewLingual')],
    ['fit', t('orders.review3d.viewFit')],
  ];
  const teeth = order.prescription.units.map((unit) => unit.tooth).join(', ');

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
        {t('orders.review3d.back')}
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('orders.review3d.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {order.title}
          {teeth ? ` · ${t('orders.review3d.teeth', { list: teeth })}` : ''}
          {order.prescription.caseRef ? ` · ${order.prescription.caseRef}` : ''}
        </Text>
      </Stack>
      {files.length === 0 ? (
        <Text c="dimmed">{t('orders.review3d.noMeshes')}</Text>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('orders.review3d.tools')}>
                {presets.map(([preset, label]) => (
                  <Button key={preset} size="compact-sm" variant="default" onClick={() => viewport.current?.view(preset)} disabled={!anyLoaded}>
                    {label}
                  </Button>
                ))}
                {/* Zoom in and out stay side by side when the toolbar wraps (a phone split them over two rows). */}
                <Group gap="xs" wrap="nowrap" data-testid="review-zoom">
                  <Button size="compact-sm" variant="default" onClick={() => viewport.current?.zoom(1)} disabled={!anyLoaded} aria-label={t('orders.review3d.zoomIn')}>
                    <IconZoomIn size={16} aria-hidden />
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => viewport.current?.zoom(-1)} disabled={!anyLoaded} aria-label={t('orders.review3d.zoomOut')}>
                    <IconZoomOut size={16} aria-hidden />
                  </Button>
                </Group>
                <SegmentedControl
                  size="xs"
                  value={mode}
                  onChange={(value) => {
                    setMode(value as Mode);
                    setPlacing(null);
                    setErrors(({ place: _, ...rest }) => rest);
                  }}
                  aria-label={t('orders.review3d.mode')}
                  data={[
                    { value: 'orbit', label: t('orders.review3d.modeOrbit') },
                    { value: 'measure', label: t('orders.review3d.modeMeasure') },
                    ...(canRevise ? [{ value: 'pin', label: t('orders.review3d.modePin') }] : []),
                  ]}
                />
              </Group>
              <Box h={{ base: '58vh', md: '68vh' }} mih={320}>
                <Suspense fallback={<ViewerStatus state="loading" height="100%" />}>
                  {allFailed ? (
                    <ViewerStatus state="error" height="100%" />
                  ) : (
                    <ReviewViewport
                      layers={layers}
                      pins={markers}
                      measure={measure}
                      clip={clip}
                      picking={mode !== 'orbit'}
                      onPick={onPick}
                      onMiss={onMiss}
                      onStatus={onStatus}
                      handleRef={viewport}
                      label={t('orders.review3d.canvasLabel', { title: order.title })}
                    />
                  )}
                </Suspense>
              </Box>
              <Text size="xs" c="dimmed">
                {mode === 'pin' ? t('orders.review3d.hintPin') : mode === 'measure' ? t('orders.review3d.hintMeasure') : touch ? t('orders.review3d.hintTouch') : t('orders.review3d.hint')}
                {touch ? '' : ` ${t('orders.review3d.hintKeys')}`}
              </Text>
              {mode === 'measure' && errors.place ? <FormMessage tone="error">{errors.place}</FormMessage> : null}
              <Group gap="md" wrap="wrap" align="center">
                <Switch label={t('orders.review3d.section')} checked={clip !== null} onChange={(e) => setClip(e.currentTarget.checked ? 0.5 : null)} disabled={!anyLoaded} />
                {clip !== null ? (
                  <Slider
                    w={220}
                    min={0}
                    max={1}
                    step={0.01}
                    value={clip}
                    onChange={setClip}
                    label={null}
                    thumbLabel={t('orders.review3d.sectionPosition')}
                  />
                ) : null}
                {mode === 'measure' || measured !== null ? (
                  <Group gap="xs">
                    <IconRuler2 size={18} aria-hidden />
                    <Text size="sm" fw={600} aria-live="polite" data-testid="measurement">
                      {measured !== null ? t('orders.review3d.distance', { mm: mm(measured) }) : t('orders.review3d.measurePoints', { count: measure.length })}
                    </Text>
                    {mode === 'measure' ? (
                      <Button size="compact-xs" variant="light" leftSection={<IconCurrentLocation size={14} aria-hidden />} onClick={pickAtCentre} disabled={!anyLoaded}>
                        {t('orders.review3d.measureCentre')}
                      </Button>
                    ) : null}
                    {measure.length > 0 ? (
                      <Button size="compact-xs" variant="subtle" onClick={() => setMeasure([])}>
                        {t('orders.review3d.clearMeasure')}
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="layers-title">
                <Stack gap="xs">
                  <Title order={2} size="h5" id="layers-title">
                    {t('orders.review3d.files')}
                  </Title>
                  {deliveries.length > 1 ? (
                    <Select
                      label={t('orders.review3d.delivery')}
                      value={deliveryId}
                      onChange={(value) => value && setDeliveryId(value)}
                      allowDeselect={false}
                      data={deliveries.map((event, i) => ({ value: event.id, label: t('orders.review3d.deliveryN', { n: i + 1, date: when(event.createdAt) }) }))}
                    />
                  ) : null}
                  {files.map((file) => {
                    const layer = layers.find((l) => l.fileId === file.id)!;
                    const state = status[file.id];
                    const kindLabel = file.design ? t('orders.review3d.design') : role(file.role);
                    return (
                      <Stack key={file.id} gap={4} data-testid="review-layer">
                        <Group gap="xs" wrap="nowrap" justify="space-between">
                          <Checkbox
                            checked={layer.visible}
                            onChange={(e) => change(file.id, { visible: e.currentTarget.checked })}
                            label={
                              <Group gap={6} wrap="nowrap">
                                <ColorSwatch color={layer.colour} size={14} aria-hidden />
                                <span>
                                  {kindLabel} · <span style={{ overflowWrap: 'anywhere' }}>{file.name}</span>
                                </span>
                              </Group>
                            }
                            aria-label={t('orders.review3d.show', { name: `${kindLabel} ${file.name}` })}
                          />
                          {state === 'loading' || !state ? (
                            <Badge size="xs" variant="outline" color="gray.7">
                              {t('orders.review3d.loading')}
                            </Badge>
                          ) : state === 'error' ? (
                            <Badge size="xs" variant="filled" color="red.9">
                              {t('orders.review3d.failed')}
                            </Badge>
                          ) : null}
                        </Group>
                        <Slider
                          size="sm"
                          min={0.1}
                          max={1}
                          step={0.05}
                          value={layer.opacity}
                          onChange={(value) => change(file.id, { opacity: value })}
                          label={(value) => `${Math.round(value * 100)}%`}
                          thumbLabel={t('orders.review3d.opacity', { name: file.name })}
                          disabled={!layer.visible}
                        />
                      </Stack>
                    );
                  })}
                </Stack>
              </Card>

              <PinsSection
                title={canRevise ? t('orders.review3d.yourPins') : t('orders.review3d.pins')}
                pins={shown.map((pin) => ({ ...pin, fileName: fileName(pin.fileId) }))}
                revisions={revisions}
                revisionId={revisionId}
                onRevision={setRevisionId}
                draft={drafts.length > 0 || Boolean(placing)}
                active={active}
                onGo={(pin) => {
                  setActive(pin.id);
                  setSettings((all) => (pin.visibleFileIds ? showAsPinned(files, all, pin.visibleFileIds, deliveredIds) : revealPin(files, all, pin.fileId)));
                  viewport.current?.lookAt([pin.x, pin.y, pin.z], pin.camera ?? null);
                }}
                onRemove={canRevise ? (key) => setDrafts((list) => list.filter((pin) => pin.key !== key)) : undefined}
                resolvable={order.pinsResolvable}
                onResolve={(pinId, resolved, undo) =>
                  resolve.mutate(
                    { pinId, resolved },
                    {
                      onError: (error) => {
                        undo();
                        setErrors({ resolve: failure(error, t('orders.actions.failed')) });
                      },
                    },
                  )
                }
                mm={mm}
                when={when}
              >
                {canRevise && mode === 'pin' && !placing ? (
                  <Button size="compact-sm" variant="light" leftSection={<IconMapPin size={16} aria-hidden />} onClick={pickAtCentre} disabled={!anyLoaded || drafts.length >= PIN_MAX}>
                    {t('orders.review3d.pinCentre')}
                  </Button>
                ) : null}
                {mode === 'pin' && errors.place ? <FormMessage tone="error">{errors.place}</FormMessage> : null}
                {errors.resolve ? <FormMessage tone="error">{errors.resolve}</FormMessage> : null}
                {placing ? (
                  <Stack gap="xs" data-testid="pin-form">
                    <Textarea
                      label={t('orders.review3d.pinNote', { n: drafts.length + 1, name: fileName(placing.fileId) })}
                      description={t('orders.review3d.pinNoteHint')}
                      autosize
                      minRows={2}
                      maxLength={PIN_NOTE_MAX}
                      value={placing.note}
                      onChange={(e) => setPlacing({ ...placing, note: e.currentTarget.value })}
                      error={errors.placing}
                      ref={noteRef}
                    />
                    {measured !== null ? (
                      <Checkbox
                        label={t('orders.review3d.attachMeasure', { mm: mm(measured) })}
                        checked={placing.withMeasure}
                        onChange={(e) => setPlacing({ ...placing, withMeasure: e.currentTarget.checked })}
                      />
                    ) : null}
                    <Group gap="xs">
                      <Button size="compact-sm" onClick={savePin}>
                        {t('orders.review3d.pinSave')}
                      </Button>
                      <Button size="compact-sm" variant="default" onClick={() => setPlacing(null)}>
                        {t('orders.review3d.pinCancel')}
                      </Button>
                    </Group>
                  </Stack>
                ) : null}
              </PinsSection>

              {canRevise || canAccept ? (
                <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="checklist-title">
                  <Stack gap="sm">
                    <Title order={2} size="h5" id="checklist-title">
                      {t('orders.review3d.checklist')}
                    </Title>
                    <ReviewChecklist
                      value={checklist}
                      onChange={setChecklist}
                      onPin={
                        canRevise
                          ? () => {
                              setMode('pin');
                              setPlacing(null);
                            }
                          : undefined
                      }
                    />
                    {canRevise ? (
                      <Textarea
                        label={t('orders.review3d.overallNote')}
                        autosize
                        minRows={2}
                        value={note}
                        onChange={(e) => setNote(e.currentTarget.value)}
                        error={message(errors.note)}
                      />
                    ) : null}
                    {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
                    {Object.entries(errors)
                      .filter(([key]) => key.startsWith('pins.'))
                      .map(([key, text]) => (
                        <FormMessage key={key} tone="error">
                          {t('orders.review3d.pinError', { n: Number(key.split('.')[1]) + 1, message: message(text) ?? text })}
                        </FormMessage>
                      ))}
                    <Group gap="xs" wrap="wrap">
                      {canRevise ? (
                        <Button variant="default" onClick={sendRevision} loading={revise.isPending} disabled={!note.trim() && changes().length === 0 && drafts.length === 0}>
                          {t('orders.review3d.requestRevision', { count: drafts.length })}
                        </Button>
                      ) : null}
                      {canAccept ? (
                        <Button onClick={approve} loading={accept.isPending}>
                          {t('orders.review3d.accept')}
                        </Button>
                      ) : null}
                    </Group>
                    {canAccept && delivery ? (
                      <Text size="xs" c="dimmed">
                        {t('orders.review3d.acceptHint', { files: delivery.files.map((f) => f.name).join(', ') })}
                      </Text>
                    ) : null}
                  </Stack>
                </Card>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

interface ListedPin {
  id: string;
  number: number;
  fileId: string;
  fileName: string;
  x: number;
  y: number;
  z: number;
  note: string;
  camera?: { position: Vec3; target: Vec3 } | null;
  measurementMm?: number | null;
  visibleFileIds?: string[] | null;
  resolved: boolean;
}

interface PinsSectionProps {
  title: string;
  pins: ListedPin[];
  revisions: OrderDetail['events'];
  revisionId: string | null;
  onRevision: (id: string) => void;
  draft: boolean;
  active: string | null;
  onGo: (pin: ListedPin) => void;
  onRemove?: (key: string) => void;
  resolvable: boolean;
  /** `undo` puts the box back when the server refuses. */
  onResolve: (pinId: string, resolved: boolean, undo: () => void) => void;
  mm: (value: number) => string;
  when: (value: string) => string;
  children?: React.ReactNode;
}

/**
 * "Show pin N" for a pin that kept what was in view: the scene as the buyer saw it, each file shown or hidden as it
 * was then. When the buyer was looking at another delivery's design than the one now on screen (the pin was placed
 * on an earlier design), the design now shown stands for it and keeps its box as it is.
 */
function showAsPinned(
  files: MeshFile[],
  settings: Record<string, { visible: boolean; opacity: number }>,
  visibleFileIds: string[],
  deliveredIds: Set<string>,
): Record<string, { visible: boolean; opacity: number }> {
  const listed = new Set(visibleFileIds);
  const onScreen = new Set(files.map((file) => file.id));
  const anotherDelivery = visibleFileIds.some((id) => deliveredIds.has(id) && !onScreen.has(id));
  const next = { ...settings };
  for (const file of files) {
    if (file.design && anotherDelivery) continue;
    next[file.id] = { visible: listed.has(file.id), opacity: settings[file.id]?.opacity ?? 1 };
  }
  return next;
}

/**
 * "Show pin N" for a pin sent before what was in view was kept: the pin's own file is shown, and the arches and records that could stand between the camera and the
 * pin (the opposing jaw, a bite, a scan body) are hidden, so the reviewer sees the spot rather than the underside of
 * the upper jaw. Preparation scans and designs stay as they are; the layer boxes say what changed and turn them back.
 */
function revealPin(
  files: MeshFile[],
  settings: Record<string, { visible: boolean; opacity: number }>,
  pinFileId: string,
): Record<string, { visible: boolean; opacity: number }> {
  const next = { ...settings };
  for (const file of files) {
    const keep = file.design || file.role === 'prep';
    if (file.id !== pinFileId && keep) continue;
    next[file.id] = { visible: file.id === pinFileId, opacity: settings[file.id]?.opacity ?? 1 };
  }
  return next;
}

/** The pins as a list: the keyboard and screen-reader way to them; "Show" moves the camera to each. */
function PinsSection({ title, pins, revisions, revisionId, onRevision, draft, active, onGo, onRemove, resolvable, onResolve, mm, when, children }: PinsSectionProps) {
  const { t } = useI18n();
  // The box follows the click at once; the server's answer replaces it when the order is read again.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pins-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="pins-title">
          {title}
        </Title>
        {!draft && revisions.length > 1 ? (
          <Select
            label={t('orders.review3d.pinsOf')}
            value={revisionId}
            onChange={(value) => value && onRevision(value)}
            allowDeselect={false}
            data={revisions.map((event, i) => ({ value: event.id, label: t('orders.review3d.revisionN', { n: i + 1, date: when(event.createdAt) }) }))}
          />
        ) : null}
        {pins.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.review3d.noPins')}
          </Text>
        ) : (
          <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title} data-testid="pin-list">
            {pins.map((pin) => (
              <Box component="li" key={pin.id} p={6} style={{ borderRadius: 6, border: `1px solid ${pin.id === active ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-3)'}` }}>
                <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {t('orders.review3d.pinTitle', { n: pin.number, name: pin.fileName })}
                      {pin.resolved ? (
                        <Badge ms={6} size="xs" color="#1b5e20" variant="filled">
                          {t('orders.review3d.resolved')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} dir="auto">
                      {pin.note}
                    </Text>
                    {pin.measurementMm != null ? (
                      <Text size="xs" c="dimmed">
                        {t('orders.review3d.pinMeasure', { mm: mm(pin.measurementMm) })}
                      </Text>
                    ) : null}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Button size="compact-xs" variant="light" onClick={() => onGo(pin)} aria-label={t('orders.review3d.goTo', { n: pin.number })}>
                      {t('orders.review3d.go')}
                    </Button>
                    {draft && onRemove ? (
                      <Button size="compact-xs" variant="subtle" color="red" c="red.9" onClick={() => onRemove(pin.id)} aria-label={t('orders.review3d.remove', { n: pin.number })}>
                        {t('orders.review3d.removeShort')}
                      </Button>
                    ) : null}
                  </Stack>
                </Group>
                {!draft && resolvable ? (
                  <Checkbox
                    mt={6}
                    size="xs"
                    label={t('orders.review3d.markResolved', { n: pin.number })}
                    checked={ticked[pin.id] ?? pin.resolved}
                    onChange={(e) => {
                      const resolved = e.currentTarget.checked;
                      setTicked((all) => ({ ...all, [pin.id]: resolved }));
                      onResolve(pin.id, resolved, () => setTicked((all) => ({ ...all, [pin.id]: !resolved })));
                    }}
                  />
                ) : null}
              </Box>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
