import type { TFunction, TranslationKey } from './i18n';
import {
  ACCOUNT_MESSAGES,
  CANNOT_MESSAGE_YOURSELF,
  CONTROL_CHARACTERS_MESSAGE,
  CONVERSATION_NOT_FOUND,
  EMAIL_INVALID_MESSAGE,
  FILE_NOT_FOUND,
  FILE_TOO_BIG,
  FILE_TYPE_REFUSED,
  LINK_EXPIRED,
  MESSAGE_BLANK,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TOO_LONG,
  MESSAGES,
  NOT_A_PARTICIPANT,
  NOT_YOUR_FILE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_MESSAGE,
  RATE_LIMITED_PATTERN,
  TURNAROUND_MESSAGES,
  USERNAME_MESSAGE,
} from '@cusp/shared';
import { formatNumber } from './format';

/**
 * The shared zod schemas and the server speak English (docs/product.md §12.3, §14). This table
 * maps each known sentence to its catalogue key so Arabic users read it in Arabic; an unknown
 * sentence from the server is shown as sent.
 */
const KNOWN_MESSAGES: Record<string, TranslationKey> = {
  'Please fill in your email.': 'validation.fillInEmail',
  'Please fill in your password.': 'validation.fillInPassword',
  'Please fill out your username.': 'validation.fillOutUsername',
  'Please fill out your email.': 'validation.fillOutEmail',
  'Please fill out your password.': 'validation.fillOutPassword',
  'Please fill out your confirmPassword.': 'validation.fillOutConfirmPassword',
  'Please fill out your phone.': 'validation.fillOutPhone',
  [PASSWORDS_DO_NOT_MATCH]: 'validation.passwordsDoNotMatch',
  [PASSWORD_LENGTH_MESSAGE]: 'validation.passwordLength',
  [EMAIL_INVALID_MESSAGE]: 'validation.emailInvalid',
  [USERNAME_MESSAGE]: 'validation.username',
  [PHONE_MESSAGE]: 'validation.phone',
  'The reset link is invalid.': 'validation.resetLinkInvalid',
  'Please fill in the name field.': 'validation.fillInName',
  'Please fill in the email field.': 'validation.fillInEmailField',
  'Please fill in the subject field.': 'validation.fillInSubject',
  'Please fill in the message field.': 'validation.fillInMessage',
  'The name field is too long.': 'validation.tooLongName',
  'The email field is too long.': 'validation.tooLongEmail',
  'The subject field is too long.': 'validation.tooLongSubject',
  'The message field is too long.': 'validation.tooLongMessage',
  'Please enter your email.': 'validation.enterEmail',
  [CONTROL_CHARACTERS_MESSAGE]: 'validation.controlCharacters',
  // The server's own sentences (packages/shared/src/messages.ts).
  [MESSAGES.invalidCredentials]: 'errors.invalidCredentials',
  [MESSAGES.alreadySubscribed]: 'errors.alreadySubscribed',
  [MESSAGES.subscribed]: 'newsletter.success',
  [MESSAGES.confirmSubscription]: 'newsletter.checkInbox',
  [MESSAGES.emailTaken]: 'errors.emailTaken',
  [MESSAGES.usernameTaken]: 'errors.usernameTaken',
  [MESSAGES.resetLinkInvalid]: 'errors.resetLinkExpired',
  [MESSAGES.resetDone]: 'auth.reset.success',
  [MESSAGES.forgotSent]: 'auth.forgot.sent',
  [MESSAGES.ticketSent]: 'support.form.success',
  [MESSAGES.loginRequired]: 'errors.loginRequired',
  [MESSAGES.crossSite]: 'errors.crossSite',
  [MESSAGES.notAnImage]: 'errors.notAnImage',
  [MESSAGES.imageTooLarge]: 'errors.imageTooLarge',
  // Case files (packages/shared/src/schemas/files.ts).
  [FILE_TYPE_REFUSED]: 'files.server.typeRefused',
  [FILE_TOO_BIG]: 'files.server.tooBig',
  [LINK_EXPIRED]: 'files.server.linkExpired',
  [FILE_NOT_FOUND]: 'files.server.notFound',
  [NOT_YOUR_FILE]: 'files.server.notYours',
  // Catalogue: profile and service schemas (packages/shared/src/schemas), then the server's sentences.
  'Please fill in the role field.': 'catalogue.messages.fillInRole',
  'Please fill in the experience field.': 'catalogue.messages.fillInExperience',
  'Please fill in the description field.': 'catalogue.messages.fillInDescription',
  'Please fill in the title field.': 'catalogue.messages.fillInTitle',
  'Please fill in the toothPrice field.': 'catalogue.messages.fillInPrice',
  'The toothPrice must be greater than zero.': 'catalogue.messages.priceAboveZero',
  'The toothPrice is too high.': 'catalogue.messages.priceTooHigh',
  'The toothPrice can have at most two decimals.': 'catalogue.messages.priceDecimals',
  'The crownPrice must be greater than zero.': 'catalogue.messages.crownPriceAboveZero',
  'The crownPrice can have at most two decimals.': 'catalogue.messages.priceDecimals',
  'Please select at least one tag.': 'catalogue.messages.selectTag',
  'Please enter a valid website address, such as https://example.com.': 'catalogue.messages.website',
  'Please upload the image through Cusp.': 'catalogue.messages.mediaUrl',
  'At most 8 extra images.': 'catalogue.messages.maxImages',
  'Delivery takes at least 1 day.': 'catalogue.messages.deliveryMin',
  'Delivery takes at most 90 days.': 'catalogue.messages.deliveryMax',
  'At most 20 revisions.': 'catalogue.messages.revisionsMax',
  'Revisions cannot be negative.': 'catalogue.messages.revisionsMin',
  [TURNAROUND_MESSAGES.days]: 'catalogue.messages.tierDays',
  [TURNAROUND_MESSAGES.surcharge]: 'catalogue.messages.tierSurcharge',
  [TURNAROUND_MESSAGES.discount]: 'catalogue.messages.tierDiscount',
  [TURNAROUND_MESSAGES.rushFaster]: 'catalogue.messages.rushFaster',
  [TURNAROUND_MESSAGES.standbySlower]: 'catalogue.messages.standbySlower',
  [TURNAROUND_MESSAGES.extraRevisionPrice]: 'catalogue.messages.extraRevisionPrice',
  'You are not authorized to edit this profile.': 'catalogue.messages.notYourProfile',
  [MESSAGES.userNotFound]: 'catalogue.messages.userNotFound',
  [MESSAGES.serviceNotFound]: 'catalogue.messages.serviceNotFound',
  [MESSAGES.serviceHasOrders]: 'catalogue.messages.serviceHasOrders',
  [MESSAGES.designersOnly]: 'catalogue.messages.designersOnly',
  [MESSAGES.notYourService]: 'catalogue.messages.notYourService',
  [MESSAGES.noFile]: 'catalogue.messages.noFile',
  [MESSAGES.adminOnly]: 'catalogue.messages.adminOnly',
  [MESSAGES.uploadMalformed]: 'catalogue.messages.uploadMalformed',
  // Messages (packages/shared/src/schemas/messaging.ts).
  [MESSAGE_BLANK]: 'messages.server.blank',
  [MESSAGE_TOO_LONG]: 'messages.server.tooLong',
  [NOT_A_PARTICIPANT]: 'messages.server.notParticipant',
  [CONVERSATION_NOT_FOUND]: 'messages.server.notFound',
  [CANNOT_MESSAGE_YOURSELF]: 'messages.server.cannotMessageYourself',
  // Account settings (packages/shared/src/schemas/account.ts).
  'Please fill in your current password.': 'settings.messages.fillInCurrentPassword',
  'Please fill in your new password.': 'settings.messages.fillInNewPassword',
  'Please fill in your new password again.': 'settings.messages.fillInNewPasswordAgain',
  'Please fill in your new email.': 'settings.messages.fillInNewEmail',
  [ACCOUNT_MESSAGES.wrongPassword]: 'settings.messages.wrongPassword',
  [ACCOUNT_MESSAGES.languageRequired]: 'settings.messages.languageRequired',
  [ACCOUNT_MESSAGES.passwordChanged]: 'settings.messages.passwordChanged',
  [ACCOUNT_MESSAGES.samePassword]: 'settings.messages.samePassword',
  [ACCOUNT_MESSAGES.sameEmail]: 'settings.messages.sameEmail',
  [ACCOUNT_MESSAGES.emailChangeSent]: 'settings.messages.emailChangeSent',
  [ACCOUNT_MESSAGES.sessionNotFound]: 'settings.messages.sessionNotFound',
  [ACCOUNT_MESSAGES.ordersInProgress]: 'settings.messages.ordersInProgress',
  [ACCOUNT_MESSAGES.moneyInEscrow]: 'settings.messages.moneyInEscrow',
  [ACCOUNT_MESSAGES.accountDeleted]: 'settings.messages.accountDeleted',
};


/** Translates a schema or server sentence into the active language when it is a known one. */
export function translateMessage(t: TFunction, language: string, message: string): string {
  const limited = RATE_LIMITED_PATTERN.exec(message);
  if (limited && !language.startsWith('en')) {
    // English keeps the server's wording, which names what was limited
    const minutes = Number(limited[1]);
    return t('errors.tooManyAttemptsMinutes', { count: minutes, minutes: formatNumber(minutes, language) });
  }
  const key = KNOWN_MESSAGES[message];
  if (!key) return message;
  return t(key, {
    min: formatNumber(PASSWORD_MIN_LENGTH, language),
    max: formatNumber(PASSWORD_MAX_LENGTH, language),
    limit: formatNumber(MESSAGE_MAX_LENGTH + 1, language),
  });
}
