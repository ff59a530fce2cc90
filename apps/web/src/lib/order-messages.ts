import { useCallback } from 'react';
import type { TranslationKey } from '@/lib/i18n';
import { TURNAROUND_MESSAGES, MONEY_MESSAGES, ORDER_MAX_ARCHES, ORDER_MAX_FILES, ORDER_MAX_UNITS, ORDER_MESSAGES, ORDER_NOTE_MAX, ORDER_REQUIREMENTS_MAX, PIN_MAX, PIN_MESSAGES, PIN_NOTE_MAX } from '@cusp/shared';
import { errorMessage, isApiError } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';

/**
 * The orders and payments sentences of packages/shared (ORDER_MESSAGES and the schemas' limits),
 * mapped to the `orders.server.*` keys so an Arabic reader reads them in Arabic. Anything else
 * goes through the app's own table (lib/messages.ts), and an unknown sentence is shown as sent.
 * Here rather than in a feature: the orders and the payments features both speak them (ADR 0029).
 */
const ORDER_KEYS: Record<string, TranslationKey> = {
  [ORDER_MESSAGES.quantity]: 'orders.server.quantity',
  [ORDER_MESSAGES.tooMany]: 'orders.server.tooMany',
  [ORDER_MESSAGES.badTooth]: 'orders.server.badTooth',
  [ORDER_MESSAGES.ownService]: 'orders.server.ownService',
  [ORDER_MESSAGES.notFound]: 'orders.server.notFound',
  [ORDER_MESSAGES.itemNotFound]: 'orders.server.itemNotFound',
  [ORDER_MESSAGES.notParticipant]: 'orders.server.notParticipant',
  [ORDER_MESSAGES.wrongParty]: 'orders.server.wrongParty',
  [ORDER_MESSAGES.wrongStatus]: 'orders.server.wrongStatus',
  [ORDER_MESSAGES.noRevisionsLeft]: 'orders.server.noRevisionsLeft',
  [ORDER_MESSAGES.rescanReason]: 'orders.server.rescanReason',
  [ORDER_MESSAGES.waitingForScans]: 'orders.server.waitingForScans',
  [ORDER_MESSAGES.caseFilesNeeded]: 'orders.server.caseFilesNeeded',
  [ORDER_MESSAGES.noExtraRevisions]: 'orders.server.noExtraRevisions',
  [ORDER_MESSAGES.revisionsStillLeft]: 'orders.server.revisionsStillLeft',
  [ORDER_MESSAGES.revisionRefunded]: 'orders.server.revisionRefunded',
  [TURNAROUND_MESSAGES.badTier]: 'orders.server.badTier',
  [TURNAROUND_MESSAGES.tierNotOffered]: 'orders.server.tierNotOffered',
  [ORDER_MESSAGES.disputeAnswered]: 'orders.server.disputeAnswered',
  [ORDER_MESSAGES.refundOfferOpen]: 'orders.server.refundOfferOpen',
  [ORDER_MESSAGES.noRefundOffer]: 'orders.server.noRefundOffer',
  [ORDER_MESSAGES.refundOfferTooBig]: 'orders.server.refundOfferTooBig',
  [ORDER_MESSAGES.disputeNotOpen]: 'orders.server.disputeNotOpen',
  [MONEY_MESSAGES.reason]: 'orders.server.disputeReason',
  [MONEY_MESSAGES.statement]: 'orders.server.disputeStatement',
  [MONEY_MESSAGES.amount]: 'orders.server.amount',
  [ORDER_MESSAGES.deliveryNeedsFiles]: 'orders.server.deliveryNeedsFiles',
  [ORDER_MESSAGES.revisionNeedsNote]: 'orders.server.revisionNeedsNote',
  [ORDER_MESSAGES.fileNotYours]: 'orders.server.fileNotYours',
  [ORDER_MESSAGES.paymentNotVerified]: 'orders.server.paymentNotVerified',
  [ORDER_MESSAGES.paymentNotFound]: 'orders.server.paymentNotFound',
  [ORDER_MESSAGES.paymentDeclined]: 'orders.server.paymentDeclined',
  [ORDER_MESSAGES.paymentAlreadyDone]: 'orders.server.paymentAlreadyDone',
  [ORDER_MESSAGES.cardNumber]: 'orders.server.cardNumber',
  [ORDER_MESSAGES.cardExpiry]: 'orders.server.cardExpiry',
  [ORDER_MESSAGES.cardExpired]: 'orders.server.cardExpired',
  [ORDER_MESSAGES.cardCvc]: 'orders.server.cardCvc',
  [ORDER_MESSAGES.cardName]: 'orders.server.cardName',
  [ORDER_MESSAGES.reviewStar]: 'orders.server.reviewStar',
  [ORDER_MESSAGES.reviewText]: 'orders.server.reviewText',
  [ORDER_MESSAGES.reviewNotAllowed]: 'orders.server.reviewNotAllowed',
  [ORDER_MESSAGES.reviewTwice]: 'orders.server.reviewTwice',
  [`The note is at most ${ORDER_NOTE_MAX} characters.`]: 'orders.server.noteTooLong',
  [`The note is at most ${ORDER_REQUIREMENTS_MAX} characters.`]: 'orders.server.requirementsTooLong',
  [`At most ${ORDER_MAX_FILES} files.`]: 'orders.server.tooManyFiles',
  [ORDER_MESSAGES.providerDown]: 'orders.server.providerDown',
  [ORDER_MESSAGES.courseIsFree]: 'orders.server.courseIsFree',
  [ORDER_MESSAGES.ownCourse]: 'orders.server.ownCourse',
  [ORDER_MESSAGES.alreadyEnrolled]: 'orders.server.alreadyEnrolled',
  [ORDER_MESSAGES.cancelledRefunded]: 'orders.server.cancelledRefunded',
  [ORDER_MESSAGES.sandboxOnly]: 'orders.server.sandboxOnly',
  [ORDER_MESSAGES.unknownTestCard]: 'orders.server.unknownTestCard',
  [ORDER_MESSAGES.notConfirmed]: 'orders.server.notConfirmed',
  [PIN_MESSAGES.note]: 'orders.server.pin.note',
  [PIN_MESSAGES.noteLong]: 'orders.server.pin.noteLong',
  [PIN_MESSAGES.tooMany]: 'orders.server.pin.tooMany',
  [PIN_MESSAGES.file]: 'orders.server.pin.file',
  [PIN_MESSAGES.coordinate]: 'orders.server.pin.coordinate',
  [PIN_MESSAGES.outside]: 'orders.server.pin.outside',
  [PIN_MESSAGES.notMesh]: 'orders.server.pin.notMesh',
  [PIN_MESSAGES.notFound]: 'orders.server.pin.notFound',
  [PIN_MESSAGES.resolveWhen]: 'orders.server.pin.resolveWhen',
  [PIN_MESSAGES.approvedFile]: 'orders.server.pin.approvedFile',
  [ORDER_MESSAGES.extensionDays]: 'orders.server.extensionDays',
  [ORDER_MESSAGES.extensionReason]: 'orders.server.extensionReason',
  [ORDER_MESSAGES.extensionWaiting]: 'orders.server.extensionWaiting',
  [ORDER_MESSAGES.noExtension]: 'orders.server.noExtension',
  [ORDER_MESSAGES.replyText]: 'orders.server.replyText',
  [ORDER_MESSAGES.replyNotAllowed]: 'orders.server.replyNotAllowed',
  [ORDER_MESSAGES.replyTwice]: 'orders.server.replyTwice',
  [ORDER_MESSAGES.reviewNotFound]: 'orders.server.reviewNotFound',
};

/** Like useMessages, knowing the orders and payments sentences too. */
export function useOrderMessages() {
  const { t, number } = useI18n();
  const base = useMessages();

  const translate = useCallback(
    (text: string): string | undefined => {
      const key = ORDER_KEYS[text];
      return key
        ? t(key, {
            units: number(ORDER_MAX_UNITS),
            arches: number(ORDER_MAX_ARCHES),
            noteMax: number(ORDER_NOTE_MAX),
            requirementsMax: number(ORDER_REQUIREMENTS_MAX),
            files: number(ORDER_MAX_FILES),
            pins: number(PIN_MAX),
            pinNote: number(PIN_NOTE_MAX),
          })
        : undefined;
    },
    [t, number],
  );

  const message = useCallback(
    (text: string | undefined) => (text ? (translate(text) ?? base.message(text)) : undefined),
    [translate, base],
  );

  const failure = useCallback(
    (error: unknown, fallback: string) => {
      const raw = isApiError(error) ? errorMessage(error, '') : '';
      return (raw && translate(raw)) || base.failure(error, fallback);
    },
    [translate, base],
  );

  return { message, failure };
}
