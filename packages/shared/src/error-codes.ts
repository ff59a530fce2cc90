import {
  ATTACHMENT_NOT_IN_CONVERSATION,
  CANNOT_MESSAGE_YOURSELF,
  CONTROL_CHARACTERS_MESSAGE,
  CONVERSATION_NOT_FOUND,
  EMAIL_INVALID_MESSAGE,
  FILE_NOT_FOUND,
  FILE_TOO_BIG,
  FILE_TYPE_REFUSED,
  LINK_EXPIRED,
  MESSAGE_BLANK,
  MESSAGE_TOO_LONG,
  MESSAGES,
  NOT_A_PARTICIPANT,
  NOT_YOUR_FILE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_MESSAGE,
  USERNAME_MESSAGE,
} from './messages.js';
import { ORDER_MAX_FILES, ORDER_MESSAGES, ORDER_NOTE_MAX, ORDER_REQUIREMENTS_MAX } from './schemas/order-limits.js';
import { ACCOUNT_MESSAGES } from './schemas/account.js';
import { MONEY_MESSAGES } from './schemas/money.js';
import { BILLING_MESSAGES } from './schemas/billing.js';
import { PIN_MESSAGES, PIN_NOTE_MAX, REVIEW_CHECKLIST } from './schemas/review-pins.js';
import { COURSE_MESSAGES, COURSE_TITLE_MAX, COURSE_DESCRIPTION_MAX, LESSON_TITLE_MAX } from './schemas/courses.js';
import { SERVICE_TAGS, SPECIALIZATIONS } from './constants.js';
import { PROFILE_DESCRIPTION_MAX } from './schemas/profile.js';
import { MESSAGE_MAX_ATTACHMENTS } from './schemas/messaging.js';
import {
  CASE_REF_MAX,
  CONTACT_STRENGTHS,
  DESIGN_LIMITS,
  FILE_ROLES,
  IMPLANT_TEXT_MAX,
  MATERIALS,
  OCCLUSIONS,
  OUTPUT_FORMATS,
  PONTIC_TYPES,
  RESTORATIONS,
  SHADE_TEXT_MAX,
  SOFTWARE,
} from './dental/catalogue.js';
import { PRESCRIPTION_MESSAGES, prescriptionMessage, type PrescriptionIssueCode, type PrescriptionIssueParams } from './dental/messages.js';
import { TURNAROUND_MESSAGES } from './schemas/turnaround.js';

/**
 * Every error code Cusp answers with (docs/product.md §15.2, docs/decisions/0039): its HTTP status and its English
 * sentence. The server throws `new AppError(code)` (apps/server/src/errors.ts) and the body says
 * `{ message, code, fieldErrors }`; the web app shows `codes.<CODE>` from its catalogues (apps/web/src/locales), so a
 * reader of Arabic reads Arabic whatever the English says. apps/web/src/lib/messages.test.tsx walks this table and
 * finds an English and an Arabic text for each code.
 *
 * The second part lists the codes the shared schemas give a field: a schema's message is the code itself
 * (`errorCode('EMAIL_INVALID')`, ./error-code.ts), so the web forms translate it as they check, and the server sends
 * its English sentence in `fieldErrors` and the code in `fieldCodes` (docs/decisions/0056). No two codes share a
 * sentence (./error-codes.test.ts), so a sentence never stands for the wrong code.
 */
export const ERRORS = {
  // The request itself (apps/server/src/errors.ts).
  BAD_REQUEST: { status: 400, message: 'The request could not be processed.' },
  VALIDATION: { status: 400, message: 'The request is not valid.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  EMPTY_BODY: { status: 400, message: 'The request body is empty.' },
  INVALID_VALUE: { status: 400, message: 'The request holds a value that cannot be used.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  NOT_MULTIPART: { status: 400, message: 'The request is not multipart form data.' },
  TOO_MANY_FILES: { status: 400, message: 'Too many files in one request.' },
  REQUEST_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  UPLOAD_MALFORMED: { status: 400, message: MESSAGES.uploadMalformed },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ENDPOINT_NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  CROSS_SITE: { status: 403, message: MESSAGES.crossSite },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  DATABASE_UNREACHABLE: { status: 503, message: 'The database is not reachable.' },
  METRICS_TOKEN_REQUIRED: { status: 401, message: 'A metrics token is required.' },

  // Sign-in and accounts.
  UNAUTHENTICATED: { status: 401, message: MESSAGES.loginRequired },
  ADMIN_ONLY: { status: 403, message: MESSAGES.adminOnly },
  INVALID_CREDENTIALS: { status: 401, message: MESSAGES.invalidCredentials },
  EMAIL_TAKEN: { status: 409, message: MESSAGES.emailTaken },
  USERNAME_TAKEN: { status: 409, message: MESSAGES.usernameTaken },
  RESET_LINK_INVALID: { status: 400, message: MESSAGES.resetLinkInvalid },
  EMAIL_UNVERIFIED: { status: 403, message: MESSAGES.emailUnverified },
  VERIFY_LINK_INVALID: { status: 410, message: MESSAGES.verifyLinkInvalid },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: MESSAGES.emailAlreadyVerified },
  SECOND_STEP_REQUIRED: { status: 429, message: MESSAGES.secondStepRequired },
  LOGIN_LINK_INVALID: { status: 410, message: MESSAGES.loginLinkInvalid },
  PICTURE_ONE_FILE: { status: 400, message: 'Only one file, named "picture", may be sent.' },
  WRONG_PASSWORD: { status: 400, message: ACCOUNT_MESSAGES.wrongPassword },
  SAME_EMAIL: { status: 400, message: ACCOUNT_MESSAGES.sameEmail },
  SESSION_NOT_FOUND: { status: 404, message: ACCOUNT_MESSAGES.sessionNotFound },
  ACCOUNT_ORDERS_IN_PROGRESS: { status: 409, message: ACCOUNT_MESSAGES.ordersInProgress },
  ACCOUNT_MONEY_IN_ESCROW: { status: 409, message: ACCOUNT_MESSAGES.moneyInEscrow },
  /** Money available or a payout pending: the server's sentence names the amounts (docs/decisions/0051). */
  ACCOUNT_MONEY_TO_WITHDRAW: { status: 409, message: ACCOUNT_MESSAGES.moneyToWithdraw },

  // Profiles and services.
  USER_NOT_FOUND: { status: 404, message: MESSAGES.userNotFound },
  PROFILE_NOT_YOURS: { status: 403, message: 'You are not authorized to edit this profile.' },
  SERVICE_NOT_FOUND: { status: 404, message: MESSAGES.serviceNotFound },
  DESIGNERS_ONLY: { status: 403, message: MESSAGES.designersOnly },
  SERVICE_NOT_YOURS: { status: 403, message: MESSAGES.notYourService },
  SERVICE_HAS_ORDERS: { status: 409, message: MESSAGES.serviceHasOrders },

  // Orders (the refusals of ORDER_POLICY, policies/orders.ts).
  ORDER_NOT_FOUND: { status: 404, message: ORDER_MESSAGES.notFound },
  ORDER_NOT_A_PARTY: { status: 403, message: ORDER_MESSAGES.notParticipant },
  ORDER_NOT_YOUR_TURN: { status: 403, message: ORDER_MESSAGES.wrongParty },
  ORDER_WRONG_STATUS: { status: 409, message: ORDER_MESSAGES.wrongStatus },
  ORDER_NO_REVISIONS_LEFT: { status: 409, message: ORDER_MESSAGES.noRevisionsLeft },
  ORDER_REVIEW_NOT_ALLOWED: { status: 403, message: ORDER_MESSAGES.reviewNotAllowed },
  ORDER_ALREADY_REVIEWED: { status: 409, message: ORDER_MESSAGES.reviewTwice },
  ORDER_OWN_SERVICE: { status: 403, message: ORDER_MESSAGES.ownService },
  ORDER_FILE_NOT_YOURS: { status: 400, message: ORDER_MESSAGES.fileNotYours },
  ORDER_TOOTH_NOT_PRESCRIBED: { status: 400, message: 'A tooth you marked is not in this order\u2019s prescription.' },
  ORDER_FILE_ROLE_LOCKED: { status: 409, message: 'The role of a case file can be changed only until the order is paid.' },
  CASE_FILE_NOT_FOUND: { status: 404, message: 'File not found.' },
  CASE_FILE_UNREADABLE: { status: 400, message: 'The file could not be read as a 3D scan.' },
  ITEM_NOT_FOUND: { status: 404, message: ORDER_MESSAGES.itemNotFound },
  PRESET_NOT_FOUND: { status: 404, message: 'Preset not found.' },
  PRESET_NAME_TAKEN: { status: 409, message: 'You already have a preset with this name.' },
  PRESET_LIMIT: { status: 409, message: 'You have saved the most presets you can. Delete one first.' },
  ORDER_EXTENSION_WAITING: { status: 409, message: ORDER_MESSAGES.extensionWaiting },
  ORDER_NO_EXTENSION: { status: 409, message: ORDER_MESSAGES.noExtension },
  // Rescans and extra revisions (docs/decisions/0041).
  ORDER_WAITING_FOR_SCANS: { status: 409, message: ORDER_MESSAGES.waitingForScans },
  ORDER_REVISIONS_STILL_LEFT: { status: 409, message: ORDER_MESSAGES.revisionsStillLeft },
  ORDER_NO_EXTRA_REVISIONS: { status: 409, message: ORDER_MESSAGES.noExtraRevisions },
  PAYMENT_REVISION_REFUNDED: { status: 409, message: ORDER_MESSAGES.revisionRefunded },
  REVIEW_NOT_FOUND: { status: 404, message: ORDER_MESSAGES.reviewNotFound },
  REVIEW_REPLY_NOT_ALLOWED: { status: 403, message: ORDER_MESSAGES.replyNotAllowed },
  REVIEW_ALREADY_REPLIED: { status: 409, message: ORDER_MESSAGES.replyTwice },
  PIN_NOT_FOUND: { status: 404, message: PIN_MESSAGES.notFound },
  PIN_RESOLVE_WRONG_STATUS: { status: 409, message: PIN_MESSAGES.resolveWhen },
  PIN_APPROVED_FILE: { status: 400, message: PIN_MESSAGES.approvedFile },

  // Disputes, partial refunds and payouts (docs/product.md §5.11, §6.6).
  DISPUTE_NOT_FOUND: { status: 404, message: MONEY_MESSAGES.disputeNotFound },
  DISPUTE_ALREADY_ANSWERED: { status: 409, message: ORDER_MESSAGES.disputeAnswered },
  DISPUTE_NOT_OPEN: { status: 409, message: ORDER_MESSAGES.disputeNotOpen },
  DISPUTE_SPLIT_MUST_SUM: { status: 400, message: ORDER_MESSAGES.splitMustSum },
  REFUND_OFFER_OPEN: { status: 409, message: ORDER_MESSAGES.refundOfferOpen },
  REFUND_NO_OFFER: { status: 409, message: ORDER_MESSAGES.noRefundOffer },
  REFUND_OFFER_OUT_OF_RANGE: { status: 400, message: ORDER_MESSAGES.refundOfferTooBig },
  PAYOUT_NOT_FOUND: { status: 404, message: MONEY_MESSAGES.payoutNotFound },
  PAYOUT_DECIDED: { status: 409, message: MONEY_MESSAGES.payoutDecided },
  PAYOUT_NO_DETAILS: { status: 409, message: MONEY_MESSAGES.noDetails },
  PAYOUT_NOT_ENOUGH: { status: 400, message: MONEY_MESSAGES.notEnough },
  /** The payout details changed less than 72 hours ago: the server's sentence says when the hold clears (ADR 0051). */
  PAYOUT_DESTINATION_HELD: { status: 409, message: MONEY_MESSAGES.destinationHeld },
  // Receipts, credit notes and statements (docs/product.md §6.7, docs/decisions/0042).
  RECEIPT_NOT_FOUND: { status: 404, message: BILLING_MESSAGES.receiptNotFound },
  CREDIT_NOTE_NOT_FOUND: { status: 404, message: BILLING_MESSAGES.creditNoteNotFound },
  NOT_YOUR_DOCUMENT: { status: 403, message: BILLING_MESSAGES.notYours },
  PAYOUT_BELOW_MINIMUM: { status: 400, message: 'The amount is below the smallest payout.' },
  PAYOUT_STRIPE_NEEDS_STRIPE: { status: 400, message: 'Payouts to a Stripe account need Stripe as the payment provider; please give a bank account.' },

  // Payments (docs/product.md §6).
  PAYMENT_NOT_VERIFIED: { status: 422, message: ORDER_MESSAGES.paymentNotVerified },
  PAYMENT_NOT_FOUND: { status: 404, message: ORDER_MESSAGES.paymentNotFound },
  PAYMENT_ALREADY_DONE: { status: 409, message: ORDER_MESSAGES.paymentAlreadyDone },
  PAYMENT_NOT_AWAITING_CONFIRMATION: { status: 409, message: 'This payment is not waiting for a confirmation.' },
  PAYMENT_PROVIDER_DOWN: { status: 503, message: ORDER_MESSAGES.providerDown },
  PAYMENT_PROVIDER_UNKNOWN: { status: 404, message: 'This payment provider is not configured.' },
  PAYMENT_SANDBOX_ONLY: { status: 404, message: ORDER_MESSAGES.sandboxOnly },
  PAYMENT_WEBHOOK_SIGNATURE: { status: 400, message: ORDER_MESSAGES.webhookSignature },
  PAYMENT_ORDER_CANCELLED: { status: 409, message: ORDER_MESSAGES.cancelledRefunded },
  CARD_EXPIRED: { status: 400, message: ORDER_MESSAGES.cardExpired },
  // The outcomes of a card payment that did not go through (a 200 `{ status: 'failed', code }`, docs/product.md §6.2).
  PAYMENT_DECLINED: { status: 402, message: ORDER_MESSAGES.paymentDeclined },
  PAYMENT_UNKNOWN_TEST_CARD: { status: 402, message: ORDER_MESSAGES.unknownTestCard },
  PAYMENT_NOT_CONFIRMED: { status: 402, message: ORDER_MESSAGES.notConfirmed },

  // Courses.
  COURSE_NOT_FOUND: { status: 404, message: COURSE_MESSAGES.notFound },
  LESSON_NOT_FOUND: { status: 404, message: COURSE_MESSAGES.lessonNotFound },
  LESSON_NOT_IN_COURSE: { status: 400, message: 'This lesson is not part of this course.' },
  COURSE_NOT_YOURS: { status: 403, message: COURSE_MESSAGES.notYourCourse },
  COURSE_HAS_LEARNERS: { status: 409, message: COURSE_MESSAGES.hasLearners },
  COURSE_ENROL_FIRST: { status: 403, message: COURSE_MESSAGES.enrolFirst },
  COURSE_SIGN_IN_TO_WATCH: { status: 401, message: 'Please log in and enrol in this course to watch this lesson.' },
  COURSE_OWN_ENROLMENT: { status: 409, message: COURSE_MESSAGES.ownCourse },
  COURSE_IS_FREE: { status: 409, message: ORDER_MESSAGES.courseIsFree },
  COURSE_ALREADY_ENROLLED: { status: 409, message: ORDER_MESSAGES.alreadyEnrolled },
  VIDEO_NOT_FOUND: { status: 404, message: COURSE_MESSAGES.videoNotFound },
  VIDEO_FORBIDDEN: { status: 403, message: COURSE_MESSAGES.videoForbidden },
  VIDEO_TYPE_REFUSED: { status: 415, message: COURSE_MESSAGES.notAVideo },
  VIDEO_TOO_LARGE: { status: 413, message: COURSE_MESSAGES.videoTooLarge },

  // Files, images and media.
  FILE_MISSING: { status: 400, message: MESSAGES.noFile },
  FILE_ONE_ONLY: { status: 400, message: 'Send one file, in the field "file".' },
  FILE_TOO_LARGE: { status: 413, message: FILE_TOO_BIG },
  UPLOAD_TOO_LARGE: { status: 413, message: MESSAGES.fileTooLarge },
  FILE_TYPE_REFUSED: { status: 415, message: FILE_TYPE_REFUSED },
  FILE_CUT_SHORT: { status: 422, message: 'The file is cut short or damaged: it ends before the end its own header announces. Export it again and upload the new file.' },
  FILE_NAME_DIRECTION: { status: 400, message: 'The file name holds invisible characters that change the direction of text, which can make a file look like another type. Rename the file and upload it again.' },
  FILE_NOT_FOUND: { status: 404, message: FILE_NOT_FOUND },
  FILE_NOT_YOURS: { status: 403, message: NOT_YOUR_FILE },
  FILE_LINK_EXPIRED: { status: 410, message: LINK_EXPIRED },
  MEDIA_NOT_FOUND: { status: 404, message: 'This file does not exist.' },
  IMAGE_TYPE_REFUSED: { status: 415, message: MESSAGES.notAnImage },
  IMAGE_TOO_LARGE: { status: 413, message: MESSAGES.imageTooLarge },

  // Messages and notifications.
  CONVERSATION_NOT_FOUND: { status: 404, message: CONVERSATION_NOT_FOUND },
  CONVERSATION_NOT_A_PARTY: { status: 403, message: NOT_A_PARTICIPANT },
  CONVERSATION_WITH_YOURSELF: { status: 400, message: CANNOT_MESSAGE_YOURSELF },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'Attachment not found.' },
  ATTACHMENT_NOT_IN_CONVERSATION: { status: 400, message: ATTACHMENT_NOT_IN_CONVERSATION },
  MESSAGE_UNKNOWN_AFTER: { status: 400, message: 'Unknown message id in "after".' },
  MESSAGE_UNKNOWN_BEFORE: { status: 400, message: 'Unknown message id in "before".' },
  MESSAGE_AFTER_AND_BEFORE: { status: 400, message: 'Use either "after" or "before", not both.' },
  MESSAGE_ID_REUSED: { status: 409, message: 'This message id was already used.' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Unknown notification.' },

  // --- Field sentences of the shared schemas (inside a 400 VALIDATION's fieldErrors) ---
  FILL_IN_EMAIL: { status: 400, message: 'Please fill in your email.' },
  FILL_IN_PASSWORD: { status: 400, message: 'Please fill in your password.' },
  FILL_OUT_USERNAME: { status: 400, message: 'Please fill out your username.' },
  FILL_OUT_EMAIL: { status: 400, message: 'Please fill out your email.' },
  FILL_OUT_PASSWORD: { status: 400, message: 'Please fill out your password.' },
  FILL_OUT_CONFIRM_PASSWORD: { status: 400, message: 'Please fill out your confirmPassword.' },
  FILL_OUT_PHONE: { status: 400, message: 'Please fill out your phone.' },
  PASSWORDS_DO_NOT_MATCH: { status: 400, message: PASSWORDS_DO_NOT_MATCH },
  PASSWORD_LENGTH: { status: 400, message: PASSWORD_LENGTH_MESSAGE },
  EMAIL_INVALID: { status: 400, message: EMAIL_INVALID_MESSAGE },
  USERNAME_INVALID: { status: 400, message: USERNAME_MESSAGE },
  PHONE_INVALID: { status: 400, message: PHONE_MESSAGE },
  RESET_TOKEN_INVALID: { status: 400, message: 'The reset link is invalid.' },
  FILL_IN_NAME_FIELD: { status: 400, message: 'Please fill in the name field.' },
  FILL_IN_EMAIL_FIELD: { status: 400, message: 'Please fill in the email field.' },
  FILL_IN_SUBJECT_FIELD: { status: 400, message: 'Please fill in the subject field.' },
  FILL_IN_MESSAGE_FIELD: { status: 400, message: 'Please fill in the message field.' },
  NAME_TOO_LONG: { status: 400, message: 'The name field is too long.' },
  EMAIL_TOO_LONG: { status: 400, message: 'The email field is too long.' },
  SUBJECT_TOO_LONG: { status: 400, message: 'The subject field is too long.' },
  MESSAGE_FIELD_TOO_LONG: { status: 400, message: 'The message field is too long.' },
  ENTER_EMAIL: { status: 400, message: 'Please enter your email.' },
  CONTROL_CHARACTERS: { status: 400, message: CONTROL_CHARACTERS_MESSAGE },
  FILL_IN_ROLE: { status: 400, message: 'Please fill in the role field.' },
  FILL_IN_EXPERIENCE: { status: 400, message: 'Please fill in the experience field.' },
  FILL_IN_DESCRIPTION: { status: 400, message: 'Please fill in the description field.' },
  FILL_IN_TITLE: { status: 400, message: 'Please fill in the title field.' },
  FILL_IN_PRICE: { status: 400, message: 'Please fill in the toothPrice field.' },
  PRICE_ABOVE_ZERO: { status: 400, message: 'The toothPrice must be greater than zero.' },
  PRICE_TOO_HIGH: { status: 400, message: 'The toothPrice is too high.' },
  PRICE_DECIMALS: { status: 400, message: 'The toothPrice can have at most two decimals.' },
  CROWN_PRICE_ABOVE_ZERO: { status: 400, message: 'The crownPrice must be greater than zero.' },
  CROWN_PRICE_DECIMALS: { status: 400, message: 'The crownPrice can have at most two decimals.' },
  SELECT_TAG: { status: 400, message: 'Please select at least one tag.' },
  WEBSITE_INVALID: { status: 400, message: 'Please enter a valid website address, such as https://example.com.' },
  MEDIA_URL_INVALID: { status: 400, message: 'Please upload the image through Cusp.' },
  TOO_MANY_IMAGES: { status: 400, message: 'At most 8 extra images.' },
  DELIVERY_MIN: { status: 400, message: 'Delivery takes at least 1 day.' },
  DELIVERY_MAX: { status: 400, message: 'Delivery takes at most 90 days.' },
  REVISIONS_MAX: { status: 400, message: 'At most 20 revisions.' },
  REVISIONS_MIN: { status: 400, message: 'Revisions cannot be negative.' },
  MESSAGE_BLANK: { status: 400, message: MESSAGE_BLANK },
  MESSAGE_TOO_LONG: { status: 400, message: MESSAGE_TOO_LONG },
  FILL_IN_CURRENT_PASSWORD: { status: 400, message: 'Please fill in your current password.' },
  FILL_IN_NEW_PASSWORD: { status: 400, message: 'Please fill in your new password.' },
  FILL_IN_NEW_PASSWORD_AGAIN: { status: 400, message: 'Please fill in your new password again.' },
  FILL_IN_NEW_EMAIL: { status: 400, message: 'Please fill in your new email.' },
  LANGUAGE_REQUIRED: { status: 400, message: ACCOUNT_MESSAGES.languageRequired },
  SAME_PASSWORD: { status: 400, message: ACCOUNT_MESSAGES.samePassword },
  ORDER_QUANTITY: { status: 400, message: ORDER_MESSAGES.quantity },
  ORDER_TOO_MANY_UNITS: { status: 400, message: ORDER_MESSAGES.tooMany },
  ORDER_BAD_TOOTH: { status: 400, message: ORDER_MESSAGES.badTooth },
  ORDER_DELIVERY_NEEDS_FILES: { status: 400, message: ORDER_MESSAGES.deliveryNeedsFiles },
  ORDER_REVISION_NEEDS_NOTE: { status: 400, message: ORDER_MESSAGES.revisionNeedsNote },
  ORDER_NOTE_TOO_LONG: { status: 400, message: `The note is at most ${ORDER_NOTE_MAX} characters.` },
  ORDER_REQUIREMENTS_TOO_LONG: { status: 400, message: `The note is at most ${ORDER_REQUIREMENTS_MAX} characters.` },
  ORDER_TOO_MANY_FILES: { status: 400, message: `At most ${ORDER_MAX_FILES} files.` },
  CARD_NUMBER: { status: 400, message: ORDER_MESSAGES.cardNumber },
  CARD_EXPIRY: { status: 400, message: ORDER_MESSAGES.cardExpiry },
  CARD_CVC: { status: 400, message: ORDER_MESSAGES.cardCvc },
  CARD_NAME: { status: 400, message: ORDER_MESSAGES.cardName },
  REVIEW_STAR: { status: 400, message: ORDER_MESSAGES.reviewStar },
  REVIEW_TEXT: { status: 400, message: ORDER_MESSAGES.reviewText },
  COURSE_REQUIRED_FIELDS: { status: 400, message: COURSE_MESSAGES.requiredFields },
  COURSE_LESSON_INCOMPLETE: { status: 400, message: COURSE_MESSAGES.lessonIncomplete },
  COURSE_NEEDS_LESSON: { status: 400, message: COURSE_MESSAGES.needsLesson },
  COURSE_TOO_MANY_LESSONS: { status: 400, message: COURSE_MESSAGES.tooManyLessons },
  COURSE_VIDEO_NOT_YOURS: { status: 400, message: COURSE_MESSAGES.videoNotYours },
  COURSE_VIDEO_TWICE: { status: 400, message: COURSE_MESSAGES.videoTwice },
  COURSE_DURATION: { status: 400, message: COURSE_MESSAGES.duration },
  COURSE_CATEGORY: { status: 400, message: COURSE_MESSAGES.category },
  COURSE_ONE_CATEGORY: { status: 400, message: COURSE_MESSAGES.oneCategory },
  COURSE_PRICE_NEGATIVE: { status: 400, message: COURSE_MESSAGES.priceNegative },
  COURSE_PRICE_TOO_HIGH: { status: 400, message: COURSE_MESSAGES.priceTooHigh },
  COURSE_PRICE_DECIMALS: { status: 400, message: COURSE_MESSAGES.priceDecimals },
  COURSE_PRICE: { status: 400, message: COURSE_MESSAGES.price },
  COURSE_POSITION: { status: 400, message: COURSE_MESSAGES.position },
  EXTENSION_DAYS: { status: 400, message: ORDER_MESSAGES.extensionDays },
  EXTENSION_REASON: { status: 400, message: ORDER_MESSAGES.extensionReason },
  REPLY_TEXT: { status: 400, message: ORDER_MESSAGES.replyText },
  PIN_NOTE: { status: 400, message: PIN_MESSAGES.note },
  PIN_NOTE_TOO_LONG: { status: 400, message: PIN_MESSAGES.noteLong },
  PIN_TOO_MANY: { status: 400, message: PIN_MESSAGES.tooMany },
  PIN_FILE: { status: 400, message: PIN_MESSAGES.file },
  PIN_COORDINATE: { status: 400, message: PIN_MESSAGES.coordinate },
  PIN_OUTSIDE: { status: 400, message: PIN_MESSAGES.outside },
  PIN_NOT_MESH: { status: 400, message: PIN_MESSAGES.notMesh },
  PIN_LAYER: { status: 400, message: PIN_MESSAGES.layer },
  CHECKLIST_ITEM: { status: 400, message: `A checklist item is one of: ${REVIEW_CHECKLIST.join(', ')}, each at most once.` },
  CHECKLIST_NOTE_LONG: { status: 400, message: `A checklist note is at most ${PIN_NOTE_MAX} characters.` },
  DISPUTE_REASON: { status: 400, message: MONEY_MESSAGES.reason },
  DISPUTE_STATEMENT: { status: 400, message: MONEY_MESSAGES.statement },
  STATEMENT_TOO_LONG: { status: 400, message: `At most ${ORDER_NOTE_MAX} characters.` },
  AMOUNT_INVALID: { status: 400, message: MONEY_MESSAGES.amount },
  DISPUTE_OUTCOME: { status: 400, message: MONEY_MESSAGES.outcome },
  DISPUTE_SPLIT_AMOUNTS: { status: 400, message: MONEY_MESSAGES.splitAmounts },
  IBAN_INVALID: { status: 400, message: MONEY_MESSAGES.iban },
  FILL_IN_ACCOUNT_HOLDER: { status: 400, message: MONEY_MESSAGES.accountHolder },
  FILL_IN_BANK_NAME: { status: 400, message: MONEY_MESSAGES.bankName },
  STRIPE_ACCOUNT_INVALID: { status: 400, message: MONEY_MESSAGES.stripeAccount },
  PAYOUT_REFERENCE: { status: 400, message: MONEY_MESSAGES.reference },
  PAYOUT_REJECT_REASON: { status: 400, message: MONEY_MESSAGES.rejectReason },
  /** Stripe refused the Transfer (account not connected, balance too low): the sentence adds Stripe's reason. */
  PAYOUT_TRANSFER_REFUSED: { status: 409, message: 'Stripe refused the transfer.' },
  STATEMENT_MONTH: { status: 400, message: BILLING_MESSAGES.month },
  TURNAROUND_TIER: { status: 400, message: TURNAROUND_MESSAGES.badTier },
  TURNAROUND_NOT_OFFERED: { status: 400, message: TURNAROUND_MESSAGES.tierNotOffered },
  TURNAROUND_DAYS: { status: 400, message: TURNAROUND_MESSAGES.days },
  RUSH_SURCHARGE: { status: 400, message: TURNAROUND_MESSAGES.surcharge },
  STANDBY_DISCOUNT: { status: 400, message: TURNAROUND_MESSAGES.discount },
  RUSH_NOT_FASTER: { status: 400, message: TURNAROUND_MESSAGES.rushFaster },
  STANDBY_NOT_SLOWER: { status: 400, message: TURNAROUND_MESSAGES.standbySlower },
  EXTRA_REVISION_PRICE: { status: 400, message: TURNAROUND_MESSAGES.extraRevisionPrice },
  // Shared schemas' fields that had no code before (docs/decisions/0056): each names what to fix.
  FILL_IN_CROWN_PRICE: { status: 400, message: 'Please fill in the crownPrice field.' },
  CROWN_PRICE_TOO_HIGH: { status: 400, message: 'The crownPrice is too high.' },
  TITLE_TOO_LONG: { status: 400, message: `The title field is at most ${COURSE_TITLE_MAX} characters.` },
  DESCRIPTION_TOO_LONG: { status: 400, message: `The description field is at most ${COURSE_DESCRIPTION_MAX} characters.` },
  PROFILE_DESCRIPTION_TOO_LONG: { status: 400, message: `The description field is at most ${PROFILE_DESCRIPTION_MAX} characters.` },
  LESSON_TITLE_TOO_LONG: { status: 400, message: `A lesson title is at most ${LESSON_TITLE_MAX} characters.` },
  LESSON_PREVIEW: { status: 400, message: 'preview is true or false.' },
  USER_ID_INVALID: { status: 400, message: 'userId must be a user id.' },
  CREATOR_ID_INVALID: { status: 400, message: 'creatorId must be a user id.' },
  TAG_UNKNOWN: { status: 400, message: `Choose tags from: ${SERVICE_TAGS.join(', ')}.` },
  CAPABILITY_RESTORATIONS: { status: 400, message: `Choose the restorations from: ${RESTORATIONS.join(', ')}.` },
  CAPABILITY_RESTORATIONS_NONE: { status: 400, message: 'Please choose at least one of the restorations.' },
  CAPABILITY_MATERIALS: { status: 400, message: `Choose the materials from: ${MATERIALS.join(', ')}.` },
  CAPABILITY_MATERIALS_NONE: { status: 400, message: 'Please choose at least one of the materials.' },
  CAPABILITY_SOFTWARE: { status: 400, message: `Choose the software from: ${SOFTWARE.join(', ')}.` },
  CAPABILITY_FORMATS: { status: 400, message: `Choose the file formats from: ${OUTPUT_FORMATS.join(', ')}.` },
  CAPABILITY_FORMATS_NONE: { status: 400, message: 'Please choose at least one of the file formats.' },
  UNIT_OR_ARCH: { status: 400, message: 'Choose Unit or Arch.' },
  DELIVERY_WHOLE_DAYS: { status: 400, message: 'Delivery time is a whole number of days.' },
  REVISIONS_WHOLE: { status: 400, message: 'Revisions is a whole number.' },
  RESTORATION_UNKNOWN: { status: 400, message: `Choose the restoration from: ${RESTORATIONS.join(', ')}.` },
  MATERIAL_UNKNOWN: { status: 400, message: `Choose the material from: ${MATERIALS.join(', ')}.` },
  SOFTWARE_UNKNOWN: { status: 400, message: `Choose one software from: ${SOFTWARE.join(', ')}.` },
  SPECIALIZATION_UNKNOWN: { status: 400, message: `Choose from: ${SPECIALIZATIONS.join(', ')}.` },
  CAD_SOFTWARE_LIST: { status: 400, message: 'Please choose the CAD software you use.' },
  ORDER_STATUS_FILTER: { status: 400, message: 'Unknown order status.' },
  ORDER_SORT: { status: 400, message: 'Sort by due or activity.' },
  RESCAN_REASON: { status: 400, message: ORDER_MESSAGES.rescanReason },
  CASE_FILES_NEEDED: { status: 400, message: ORDER_MESSAGES.caseFilesNeeded },
  PRESET_NAME: { status: 400, message: 'Please give the preset a name.' },
  PRESET_NAME_TOO_LONG: { status: 400, message: 'A preset name is at most 60 characters.' },
  PRESET_SHADE: { status: 400, message: 'Choose a VITA classical, VITA 3D-Master or bleach shade.' },
  CHAT_CLIENT_ID: { status: 400, message: 'clientId is required.' },
  CHAT_TOO_MANY_FILES: { status: 400, message: `At most ${MESSAGE_MAX_ATTACHMENTS} files per message.` },
  CHAT_RECIPIENT: { status: 400, message: 'Choose who to write to.' },
  ORDER_QUANTITY_MISMATCH: { status: 400, message: 'The quantity does not match the prescription\u2019s units.' },
  PIN_RESOLVED: { status: 400, message: 'Say whether the pin is resolved (true or false).' },
  // The prescription's fields (dental/prescription.ts); a limit comes from the catalogue's constant.
  IMPLANT_SYSTEM_TOO_LONG: { status: 400, message: `The implant system is at most ${IMPLANT_TEXT_MAX} characters.` },
  IMPLANT_PLATFORM_TOO_LONG: { status: 400, message: `The implant platform is at most ${IMPLANT_TEXT_MAX} characters.` },
  SHADE_TOO_LONG: { status: 400, message: `A shade code is at most ${SHADE_TEXT_MAX} characters.` },
  CEMENT_GAP_RANGE: { status: 400, message: `The cement gap is ${DESIGN_LIMITS.cementGapMicrons.min} to ${DESIGN_LIMITS.cementGapMicrons.max} micrometres.` },
  CEMENT_GAP_WHOLE: { status: 400, message: 'The cement gap is a whole number of micrometres.' },
  EXTRA_CEMENT_GAP_RANGE: {
    status: 400,
    message: `The extra cement gap is ${DESIGN_LIMITS.extraCementGapMicrons.min} to ${DESIGN_LIMITS.extraCementGapMicrons.max} micrometres.`,
  },
  EXTRA_CEMENT_GAP_WHOLE: { status: 400, message: 'The extra cement gap is a whole number of micrometres.' },
  MARGIN_DISTANCE_RANGE: { status: 400, message: `The distance to the margin is ${DESIGN_LIMITS.distanceToMarginMm.min} to ${DESIGN_LIMITS.distanceToMarginMm.max} mm.` },
  MIN_THICKNESS_RANGE: { status: 400, message: `The minimum thickness is ${DESIGN_LIMITS.minThicknessMm.min} to ${DESIGN_LIMITS.minThicknessMm.max} mm.` },
  CONTACT_STRENGTH_UNKNOWN: { status: 400, message: `Choose the contact strength from: ${CONTACT_STRENGTHS.join(', ')}.` },
  OCCLUSION_UNKNOWN: { status: 400, message: `Choose the occlusion from: ${OCCLUSIONS.join(', ')}.` },
  PONTIC_TYPE_UNKNOWN: { status: 400, message: `Choose the pontic shape from: ${PONTIC_TYPES.join(', ')}.` },
  FILE_ROLE_UNKNOWN: { status: 400, message: `Choose the file role from: ${FILE_ROLES.join(', ')}.` },
  DUE_BY_INVALID: { status: 400, message: 'Please give the due date as a date (YYYY-MM-DD).' },
  CASE_REF_TOO_LONG: { status: 400, message: `The case reference is at most ${CASE_REF_MAX} characters.` },
  NO_UNITS: { status: 400, message: 'Mark at least one tooth on the chart: each tooth is one unit.' },
  /**
   * The prescription's rules (dental/messages.ts, docs/decisions/0025), each its own code. The sentence here names no
   * tooth: it is what a code alone says. An issue with the rule's parameters reads `PRESCRIPTION_MESSAGES`'s sentence
   * naming the tooth (`sentenceOf(code, params)`), which the server sends in `fieldErrors`.
   */
  DUPLICATE_TOOTH: { status: 400, message: 'A tooth is listed more than once; give each tooth one line.' },
  BRIDGE_NOT_CONTIGUOUS: { status: 400, message: 'A bridge is not contiguous; add the missing teeth, or make two bridges.' },
  BRIDGE_ENDS_WITH_PONTIC: { status: 400, message: 'A bridge must start and end with a retainer.' },
  BRIDGE_WITHOUT_PONTIC: { status: 400, message: 'A bridge needs at least one pontic between its retainers; a single tooth is a crown.' },
  PONTIC_OUTSIDE_BRIDGE: { status: 400, message: 'A pontic must be part of a bridge, between two retainers.' },
  IMPLANT_FIELDS_NOT_ALLOWED: { status: 400, message: 'The implant system and platform are only for implant crowns and abutments.' },
  IMPLANT_SYSTEM_MISSING: { status: 400, message: 'Please give the implant system (maker and line).' },
  IMPLANT_PLATFORM_MISSING: { status: 400, message: 'Please give the implant platform (connection size).' },
  SHADE_MISSING: { status: 400, message: 'Please choose a shade.' },
  SHADE_UNKNOWN: { status: 400, message: 'This shade is not a VITA classical, VITA 3D-Master or bleach shade.' },
  PONTIC_TYPE_MISSING: { status: 400, message: 'Please choose the pontic shape.' },
  PONTIC_TYPE_NOT_ALLOWED: { status: 400, message: PRESCRIPTION_MESSAGES.PONTIC_TYPE_NOT_ALLOWED },
  DUE_DATE_TOO_EARLY: { status: 400, message: 'This service needs more time: please choose a later due date.' },
  CAPABILITY_RESTORATION: { status: 400, message: 'This service does not design this restoration.' },
  CAPABILITY_MATERIAL: { status: 400, message: 'This service does not design in this material.' },
  CAPABILITY_OUTPUT_FORMAT: { status: 400, message: 'This service does not deliver this file format.' },
  CAPABILITY_PROJECT_NEEDS_SOFTWARE: { status: 400, message: 'A project file format needs its CAD software among the software.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

declare module './error-code.js' {
  // The codes for `errorCode()` (error-code.ts): declaration merging, not an import, so schemas need not import this file.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are ErrorCode's
  interface ErrorCodeRegistry extends Record<ErrorCode, true> {}
}

/** Each code's HTTP status. */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([code, { status }]) => [code, status])) as {
  [C in ErrorCode]: (typeof ERRORS)[C]['status'];
};

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERRORS, code);

/** The codes a 404 answers with: what a malformed id in a path says (apps/server/src/http-params.ts). */
export type NotFoundCode = { [C in ErrorCode]: (typeof ERRORS)[C]['status'] extends 404 ? C : never }[ErrorCode];

/**
 * The English of a zod issue's message: the shared schemas write a code (docs/decisions/0056), whose sentence is
 * here; any other text (zod's own words for a schema that gave none) is already a sentence. A prescription rule's
 * issue carries its parameters (`issue.params`): given them, the sentence names the tooth.
 */
export function sentenceOf(message: string, params?: Record<string, unknown>): string {
  if (params && isPrescriptionIssueCode(message)) return prescriptionMessage(message, params as PrescriptionIssueParams);
  return isErrorCode(message) ? ERRORS[message].message : message;
}

const isPrescriptionIssueCode = (code: string): code is PrescriptionIssueCode => Object.hasOwn(PRESCRIPTION_MESSAGES, code);

/** Every rule code is a code of ERRORS (checked when compiling): the server sends it in `fieldCodes`. */
const RULE_CODES_ARE_ERROR_CODES: PrescriptionIssueCode extends ErrorCode ? true : never = true;
void RULE_CODES_ARE_ERROR_CODES;
