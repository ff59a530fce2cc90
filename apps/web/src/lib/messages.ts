import type { TFunction } from './i18n';
import {
  CASE_REF_MAX,
  COURSE_DESCRIPTION_MAX,
  COURSE_TITLE_MAX,
  DESIGN_LIMITS,
  ERRORS,
  IMPLANT_TEXT_MAX,
  isErrorCode,
  LESSON_TITLE_MAX,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  ORDER_MAX_ARCHES,
  ORDER_MAX_FILES,
  ORDER_MAX_UNITS,
  ORDER_NOTE_MAX,
  ORDER_REQUIREMENTS_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAYOUT_DESTINATION_HOLD_HOURS,
  PIN_MAX,
  PIN_NOTE_MAX,
  PRESET_MAX,
  PRESET_NAME_MAX,
  PROFILE_DESCRIPTION_MAX,
  RUSH_SURCHARGE_MAX,
  SHADE_TEXT_MAX,
  STANDBY_DISCOUNT_MAX,
  TIER_DAYS_MAX,
  type ErrorCode,
} from '@cusp/shared';
import { isApiError, type ApiError } from './api';
import { formatNumber } from './format';

/**
 * The app's texts for the server's error codes (docs/product.md §14, docs/decisions/0039): each code of ERRORS
 * (packages/shared/src/error-codes.ts) is `codes.<CODE>` in the catalogues, so an Arabic reader reads Arabic
 * whatever English the server wrote. Kept apart from useI18n: the table imports the shared schemas (and zod),
 * which the layout must not load.
 */

/** The text of a code, its limits filled in the reader's digits. */
export function codeText(t: TFunction, language: string, code: ErrorCode, options: Record<string, unknown> = {}): string {
  const n = (value: number) => formatNumber(value, language);
  return t(`codes.${code}`, {
    min: n(PASSWORD_MIN_LENGTH),
    max: n(PASSWORD_MAX_LENGTH),
    limit: n(MESSAGE_MAX_LENGTH + 1),
    units: n(ORDER_MAX_UNITS),
    arches: n(ORDER_MAX_ARCHES),
    noteMax: n(ORDER_NOTE_MAX),
    requirementsMax: n(ORDER_REQUIREMENTS_MAX),
    files: n(ORDER_MAX_FILES),
    presetMax: n(PRESET_MAX),
    pins: n(PIN_MAX),
    pinNote: n(PIN_NOTE_MAX),
    one: n(1),
    tierDaysMax: n(TIER_DAYS_MAX),
    surchargeMax: n(RUSH_SURCHARGE_MAX),
    discountMax: n(STANDBY_DISCOUNT_MAX),
    holdHours: n(PAYOUT_DESTINATION_HOLD_HOURS),
    titleMax: n(COURSE_TITLE_MAX),
    descriptionMax: n(COURSE_DESCRIPTION_MAX),
    profileDescriptionMax: n(PROFILE_DESCRIPTION_MAX),
    lessonTitleMax: n(LESSON_TITLE_MAX),
    presetNameMax: n(PRESET_NAME_MAX),
    chatFiles: n(MESSAGE_MAX_ATTACHMENTS),
    implantTextMax: n(IMPLANT_TEXT_MAX),
    shadeMax: n(SHADE_TEXT_MAX),
    caseRefMax: n(CASE_REF_MAX),
    cementGapMin: n(DESIGN_LIMITS.cementGapMicrons.min),
    cementGapMax: n(DESIGN_LIMITS.cementGapMicrons.max),
    extraCementGapMin: n(DESIGN_LIMITS.extraCementGapMicrons.min),
    extraCementGapMax: n(DESIGN_LIMITS.extraCementGapMicrons.max),
    marginMin: n(DESIGN_LIMITS.distanceToMarginMm.min),
    marginMax: n(DESIGN_LIMITS.distanceToMarginMm.max),
    thicknessMin: n(DESIGN_LIMITS.minThicknessMm.min),
    thicknessMax: n(DESIGN_LIMITS.minThicknessMm.max),
    ...options,
  });
}

/**
 * A field's error in the reader's language. What a form holds for a field is a code (docs/decisions/0056): the shared
 * schemas' message, or the server's `fieldCodes` entry (lib/form-errors.ts), so it is translated by that code. Text
 * that is not a code (zod's own words where a schema gave none, or a field the server sent no code for) is shown as
 * it is: nothing is looked up by its English.
 */
export function translateMessage(t: TFunction, language: string, message: string): string {
  return isErrorCode(message) ? codeText(t, language, message) : message;
}

/** The code of a failed call's first field (a VALIDATION's `message` is that field's sentence). */
const firstFieldCode = (error: ApiError): ErrorCode | undefined => Object.values(error.fieldCodes).find(isErrorCode);

const GENERIC = new Set<string>(['INTERNAL', 'BAD_REQUEST', 'NOT_FOUND']);

/**
 * The text for a failed call: by its code. A VALIDATION's own sentence is its first field's, translated as a
 * field's; a 429 says how long to wait (its Retry-After); a catch-all code (INTERNAL...) the caller's `fallback`; anything without a known code is the server's
 * sentence as sent, or `fallback` when there is none (a network failure, a proxy's page).
 */
export function translateError(t: TFunction, language: string, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'VALIDATION') {
    return codeText(t, language, firstFieldCode(error) ?? 'VALIDATION');
  }
  if (error.code === 'RATE_LIMITED' || (error.status === 429 && !isErrorCode(error.code))) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return codeText(t, language, 'RATE_LIMITED', { count: minutes, minutes: formatNumber(minutes, language) });
  }
  // The catch-all codes say less than the caller's own words ("Could not load your orders.").
  if (GENERIC.has(error.code) && fallback) return fallback;
  if (isErrorCode(error.code)) return codeText(t, language, error.code);
  return error.message || fallback;
}

/** Every code the catalogues must have a text for (the locales test walks it). */
export const ERROR_CODE_LIST = Object.keys(ERRORS) as ErrorCode[];
