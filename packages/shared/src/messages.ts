import { MESSAGE_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/**
 * Sentences the server answers with (the `message` of docs/product.md §15.2), in one zod-free module: the server throws them,
 * the web app maps them to its translations. Listed in docs/product.md §14.
 */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'This email is already registered.',
  usernameTaken: 'This username is already taken.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. You can now log in.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset the password.',
  // Verified addresses and the second step (ADR 0050).
  emailUnverified: 'Please confirm your email address first: open the link we e-mailed you, or ask for a new one.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email address is confirmed.',
  verifyMailSent: 'We have sent a new confirmation link to your email address.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  secondStepRequired: 'There were too many failed sign-ins to this account, so we e-mailed you a sign-in link. Open it to sign in.',
  loginLinkInvalid: 'This sign-in link is invalid, has expired or was already used.',
  loginRequired: 'Please log in to continue.',
  adminOnly: 'Only administrators can do this.',
  crossSite: 'This request came from another site and was refused.',
  subscribed: 'Thank you for subscribing!',
  alreadySubscribed: 'You are already subscribed.',
  /** The one answer to a newsletter sign-up (ADR 0021: double opt-in; it says nothing of who is subscribed). */
  confirmSubscription: 'Thank you! Please open the link we have sent to this address to confirm your subscription.',
  ticketSent: "Your message has been sent. We'll get back to you soon.",
  notAnImage: 'The file must be an image (JPEG, PNG, WebP or GIF).',
  imageTooLarge: 'The image is too large (10 MB at most).',
  fileTooLarge: 'The file is too large (200 MB at most).',
  noFile: 'Please provide a valid file.',
  userNotFound: 'User data not found.',
  serviceNotFound: 'Service not found.',
  designersOnly: 'Only designers can create services. Complete your designer profile first.',
  notYourService: 'You are not authorized to change this service.',
  serviceHasOrders: 'This service has orders, so it cannot be deleted. Edit it or ask support to hide it instead.',
  uploadMalformed: 'The upload was interrupted or malformed. Please try again.',
} as const;

/** "Too many login attempts. Please try again in 5 minutes." (what was limited, then the wait). */
export const RATE_LIMITED_PATTERN = /^Too many [^.]+\. Please try again in (\d+) minutes?\.$/;

export function rateLimitedMessage(what: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

// Field and rule sentences the shared schemas (schemas/*.ts) give, here so that code which only shows
// them (the web app's translations) does not load zod with them.
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const PASSWORD_LENGTH_MESSAGE = `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';
export const USERNAME_MESSAGE = 'Username must be 3 to 30 letters, numbers, dots, dashes or underscores.';
export const PHONE_MESSAGE = 'Please enter a valid phone number.';
/** Any text field with a control character (NUL, escape...; tab and line breaks only in multi-line text), ADR 0023. */
export const CONTROL_CHARACTERS_MESSAGE = 'This text contains invisible control characters. Please remove them.';

export const MESSAGE_BLANK = 'Please write a message.';
export const MESSAGE_TOO_LONG = `A message must be fewer than ${MESSAGE_MAX_LENGTH + 1} characters.`;
export const NOT_A_PARTICIPANT = 'You are not part of this conversation.';
/** A message's attachment must be a file uploaded to that same conversation (docs/decisions/0020). */
export const ATTACHMENT_NOT_IN_CONVERSATION = 'Attach files uploaded to this conversation.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const CANNOT_MESSAGE_YOURSELF = 'You cannot start a conversation with yourself.';

export const UPLOAD_FAILED_PREFIX = 'Upload failed.';
export const FILE_TYPE_REFUSED = 'Only STL, PLY, OBJ, ZIP, JPEG and PNG files are accepted, and the content must match the file type.';
export const FILE_TOO_BIG = 'The file is larger than 200 MB.';
export const LINK_EXPIRED = 'This link has expired';
export const FILE_NOT_FOUND = 'This file does not exist or was deleted.';
export const NOT_YOUR_FILE = 'You can only delete your own files.';
