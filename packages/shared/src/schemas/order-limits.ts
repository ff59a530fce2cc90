/**
 * The orders' limits and sentences (docs/product.md §5, §6), apart from ./orders.ts so that the prescription
 * (../dental/prescription.ts, ./prescriptions.ts), whose types ./orders.ts names, can read them without an
 * import cycle (docs/decisions/0029). ./orders.ts re-exports them.
 */

/** FDI two-digit tooth numbers: quadrants 1-4, teeth 1-8 (11-18, 21-28, 31-38, 41-48). */
export const FDI_TEETH: readonly number[] = [1, 2, 3, 4].flatMap((q) => [1, 2, 3, 4, 5, 6, 7, 8].map((t) => q * 10 + t));
export const isFdiTooth = (n: number) => FDI_TEETH.includes(n);

export const ORDER_MAX_UNITS = 32;
export const ORDER_MAX_ARCHES = 2;
export const ORDER_REQUIREMENTS_MAX = 5000;
export const ORDER_NOTE_MAX = 2000;
export const ORDER_MAX_FILES = 20;
export const REVIEW_TEXT_MAX = 2000;
/** Orders delivered and not accepted complete on their own after this many days (docs/product.md §5.3). */
export const AUTO_COMPLETE_DAYS = 3;
/** A designer may ask to extend a due date by 1 to this many days at a time (docs/product.md §5.2a). */
export const EXTENSION_MAX_DAYS = 30;
export const ORDER_LIST_MAX = 100;

export const ORDER_MESSAGES = {
  quantity: 'Please choose how many units or arches you need.',
  tooMany: `An order can have at most ${ORDER_MAX_UNITS} units or ${ORDER_MAX_ARCHES} arches.`,
  badTooth: 'Teeth must be FDI numbers from 11 to 48.',
  ownService: 'You cannot order your own service.',
  notFound: 'Order not found.',
  itemNotFound: 'Item not found or unavailable.',
  notParticipant: 'You are not a party to this order.',
  wrongParty: 'It is not your turn to do this on the order.',
  wrongStatus: 'The order is not in a state that allows this.',
  noRevisionsLeft: 'All included revisions have been used.',
  disputeAnswered: 'You have already answered this dispute.',
  refundOfferOpen: 'A refund offer is already waiting for the buyer.',
  noRefundOffer: 'There is no refund offer to answer.',
  refundOfferTooBig: 'The refund must be more than 0 and less than the order\'s price.',
  disputeNotOpen: 'This dispute is already resolved.',
  splitMustSum: 'The two amounts must add up to the order\'s price.',
  deliveryNeedsFiles: 'Please attach at least one design file.',
  revisionNeedsNote: 'Please describe what should change.',
  fileNotYours: 'One of the attached files was not uploaded by you or is already attached elsewhere.',
  paymentNotVerified: 'The payment could not be verified.',
  paymentNotFound: 'Payment not found.',
  paymentDeclined: 'Your card was declined.',
  paymentAlreadyDone: 'This payment has already been completed.',
  cardNumber: 'Please enter a valid card number.',
  cardExpiry: 'Please enter the expiry date as MM/YY.',
  cardExpired: 'The card has expired.',
  cardCvc: 'Please enter the 3 or 4 digit security code.',
  cardName: 'Please enter the name on the card.',
  reviewStar: 'Please choose a rating from 1 to 5 stars.',
  reviewText: 'Please write a few words about the work.',
  reviewNotAllowed: 'Only the buyer of a completed order can review it.',
  reviewTwice: 'You have already reviewed this order.',
  webhookSignature: 'Invalid webhook signature.',
  providerDown: 'The payment service is not reachable right now. Please try again in a moment.',
  courseIsFree: 'This course is free: enrol from its page.',
  alreadyEnrolled: 'You are already enrolled in this course.',
  cancelledRefunded: 'This order was cancelled, so the payment has been refunded.',
  sandboxOnly: 'Test cards work only with the sandbox payment provider.',
  unknownTestCard: 'This is a test payment: use one of the sandbox cards shown on the page.',
  notConfirmed: 'The payment was not confirmed with your bank.',
  extensionDays: `Please ask for 1 to ${EXTENSION_MAX_DAYS} more days.`,
  extensionReason: 'Please say why more time is needed.',
  extensionWaiting: 'A request for more time is already waiting for an answer.',
  noExtension: 'No request for more time is waiting for an answer.',
  replyText: 'Please write a reply of 1 to 2000 characters.',
  replyNotAllowed: 'Only the designer of the reviewed service can reply to it.',
  replyTwice: 'You have already replied to this review.',
  reviewNotFound: 'Review not found.',
  rescanReason: 'Please say what is wrong with the scans (up to 2000 characters).',
  waitingForScans: 'New scans have already been asked for.',
  caseFilesNeeded: 'Please attach at least one scan file.',
  noExtraRevisions: 'This order offers no extra revisions.',
  revisionsStillLeft: 'An included revision is still left: ask for it.',
  revisionRefunded: 'The order changed before this payment arrived, so the extra revision was refunded.',
} as const;
