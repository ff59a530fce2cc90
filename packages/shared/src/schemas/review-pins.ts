import { z } from 'zod';
import { text } from './fields.js';

/**
 * Review pins (docs/decisions/0037): a point on one of the order's meshes, in that file's own
 * coordinates (millimetres), with what should change there. Sent with a revision request; the designer sees
 * them and marks each resolved.
 */

export const PIN_MAX = 50;
export const PIN_NOTE_MAX = 500;
/** At most this many files shown with a pin: more than any case (case files come 20 at a time, a delivery at most 20). */
export const PIN_LAYERS_MAX = 100;
/** Coordinates beyond this are no dental mesh (and would only be refused by the bounding-box check later). */
const COORD_LIMIT = 1e6;

export const PIN_MESSAGES = {
  note: 'Please say what should change at this pin.',
  noteLong: `A pin's note is at most ${PIN_NOTE_MAX} characters.`,
  tooMany: `A revision can carry at most ${PIN_MAX} pins.`,
  file: 'Choose a file of this order for the pin.',
  coordinate: 'A pin needs a point with x, y and z in millimetres.',
  outside: 'The pin is not on this file: its point lies outside the file’s bounding box.',
  notMesh: 'Pins can only be placed on a checked 3D file (STL, PLY or OBJ) of this order.',
  layer: 'The layers shown with a pin must be 3D files (STL, PLY or OBJ) of this order.',
  notFound: 'Pin not found.',
  resolveWhen: 'Pins can be marked resolved while the revision is being worked on or once the new design is delivered.',
  approvedFile: 'Only files delivered on this order can be approved.',
} as const;

const coordinate = z.number({ error: PIN_MESSAGES.coordinate }).finite(PIN_MESSAGES.coordinate).min(-COORD_LIMIT, PIN_MESSAGES.coordinate).max(COORD_LIMIT, PIN_MESSAGES.coordinate);
const vector = z.tuple([coordinate, coordinate, coordinate], { error: PIN_MESSAGES.coordinate });

/**
 * One pin as the buyer sends it. `camera`: the view it was placed from; `measurementMm`: a distance taken there;
 * `visibleFileIds`: the files shown in the scene when it was placed, so the designer sees the spot as the buyer did
 * (an occlusion pin with the opposing jaw in view, a margin pin without it).
 */
export const pinInput = z.object({
  fileId: z.uuid({ error: PIN_MESSAGES.file }),
  x: coordinate,
  y: coordinate,
  z: coordinate,
  note: text({ error: PIN_MESSAGES.note }).min(1, PIN_MESSAGES.note).max(PIN_NOTE_MAX, PIN_MESSAGES.noteLong),
  camera: z.object({ position: vector, target: vector }).optional(),
  measurementMm: z.number().finite().min(0).max(1000).optional(),
  visibleFileIds: z.array(z.uuid({ error: PIN_MESSAGES.layer }), { error: PIN_MESSAGES.layer }).max(PIN_LAYERS_MAX, PIN_MESSAGES.layer).optional(),
});
export type PinInput = z.input<typeof pinInput>;

/**
 * The case review's checklist (docs/decisions/0037): what the buyer checks before accepting. A revision request
 * carries the items marked "change" by code, each with the buyer's own words or none, so the order's history says
 * "Contacts: see the pins" in the reader's language (docs/decisions/0059), not in the writer's.
 */
export const REVIEW_CHECKLIST = ['margins', 'contacts', 'occlusion', 'anatomy', 'thickness'] as const;
export type ReviewChecklistItem = (typeof REVIEW_CHECKLIST)[number];
export const CHECKLIST_MESSAGES = {
  item: `A checklist item is one of: ${REVIEW_CHECKLIST.join(', ')}, each at most once.`,
  noteLong: `A checklist note is at most ${PIN_NOTE_MAX} characters.`,
} as const;
export const checklistInput = z
  .array(
    z.object({
      item: z.enum(REVIEW_CHECKLIST, { error: CHECKLIST_MESSAGES.item }),
      /** The buyer's words; empty: the pins say it. */
      note: text({ error: CHECKLIST_MESSAGES.noteLong }).max(PIN_NOTE_MAX, CHECKLIST_MESSAGES.noteLong).optional().default(''),
    }),
    { error: CHECKLIST_MESSAGES.item },
  )
  .max(REVIEW_CHECKLIST.length, CHECKLIST_MESSAGES.item)
  .refine((items) => new Set(items.map((entry) => entry.item)).size === items.length, CHECKLIST_MESSAGES.item)
  .optional()
  .default([]);
export type ChecklistEntry = { item: ReviewChecklistItem; note: string };

export const pinsInput = z.array(pinInput, { error: PIN_MESSAGES.tooMany }).max(PIN_MAX, PIN_MESSAGES.tooMany).optional().default([]);

/** `PATCH /api/orders/{id}/pins/{pinId}`. */
export const pinPatchInput = z.object({ resolved: z.boolean({ error: 'Say whether the pin is resolved (true or false).' }) });

// A pin as the server answers it (OrderPinJson) is in ../responses/orders.ts.

/** `POST /api/orders/{id}/accept`: optionally, which delivered files the buyer approved (the latest delivery's when absent). */
export const acceptInput = z.object({ files: z.array(z.uuid({ error: PIN_MESSAGES.approvedFile })).max(20).optional() });
