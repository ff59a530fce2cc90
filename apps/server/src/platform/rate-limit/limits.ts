/**
 * Every rate limit of the product, in one table (docs/decisions/0021). `points` events per `seconds`
 * for one key (an account, an address, a user id, an e-mail); `what` names them in the 429 message
 * ("Too many <what>. Please try again in N minutes."). `byAddress`: the key is a client address, which the
 * limiter counts by `addressKey` (an IPv6 address by its /64, docs/decisions/0049).
 */
export const LIMITS = {
  // Sign-in (0021). Failures only: a correct password never counts against anyone.
  /** Failures for one account from one address; past `LOGIN.freeFailures` each one blocks that pair, twice as long as the last. */
  loginPairFailures: { points: 1_000_000, seconds: 24 * 3600, what: 'login attempts' },
  /** The block itself, per account and address (set by the sign-in, never counted). */
  loginPairBlock: { points: 1, seconds: 3600, what: 'login attempts' },
  /** Failures from one address over every account (password spraying from one place). */
  loginAddress: { points: 100, seconds: 3600, what: 'login attempts', byAddress: true },
  /** Failures for one account from every address: the bound on guessing one password. */
  loginAccount: { points: 1000, seconds: 24 * 3600, what: 'login attempts' },
  /** "Someone is trying your password" e-mails: one per account per window. */
  loginAlertMail: { points: 1, seconds: 24 * 3600, what: 'alerts' },
  /**
   * One-time sign-in links mailed past an account's cap (ADR 0050), per account; past it the answer stays the same,
   * without a new mail (whoever has the password cannot flood the owner's mailbox).
   */
  loginLinkMail: { points: 3, seconds: 3600, what: 'sign-in links' },
  /** "Send the confirmation link again", per user (ADR 0050). */
  verifyMailUser: { points: 5, seconds: 3600, what: 'confirmation e-mails' },

  registerAddress: { points: 20, seconds: 3600, what: 'sign-ups from this network', byAddress: true },
  forgotAddress: { points: 10, seconds: 3600, what: 'password reset requests', byAddress: true },
  /** Reset e-mails to one address; past it the request is still answered the same, without a mail. */
  forgotEmail: { points: 3, seconds: 3600, what: 'password reset requests' },

  messagesUser: { points: 200, seconds: 60, what: 'messages' },
  /** Every account behind one address (a clinic's staff share one): five busy users' worth. */
  messagesAddress: { points: 1000, seconds: 60, what: 'messages', byAddress: true },
  conversationsUser: { points: 60, seconds: 3600, what: 'new conversations' },
  conversationsAddress: { points: 300, seconds: 3600, what: 'new conversations', byAddress: true },
  supportAddress: { points: 5, seconds: 3600, what: 'support requests', byAddress: true },
  /** Per sender: the account when signed in, else the e-mail given in the form. */
  supportSender: { points: 5, seconds: 3600, what: 'support requests' },
  uploadsUser: { points: 100, seconds: 3600, what: 'uploads' },
  uploadsAddress: { points: 300, seconds: 3600, what: 'uploads', byAddress: true },
  newsletterAddress: { points: 10, seconds: 3600, what: 'newsletter sign-ups', byAddress: true },
  /** Confirmation e-mails to one address (so nobody can mail-bomb someone through the form). */
  newsletterEmail: { points: 3, seconds: 24 * 3600, what: 'newsletter sign-ups' },

  // Account settings (ADR 0032), per user.
  /** Requests that check the current password (change password or e-mail, delete the account): bounds guessing with a stolen session. */
  accountPasswordUser: { points: 10, seconds: 3600, what: 'password attempts' },
  /** Confirmation links sent to a new address (each one also mails the old address). */
  emailChangeUser: { points: 5, seconds: 24 * 3600, what: 'email change requests' },
  /** "Download my data": each one reads everything the user has. */
  exportUser: { points: 5, seconds: 3600, what: 'data downloads' },

  // PDF documents (ADR 0052), per user: receipts, credit notes, statements and prescriptions together. Each one not
  // kept yet is laid out in a worker; a member reads a few at a time, an accountant's month of receipts fits.
  documentsUser: { points: 60, seconds: 600, what: 'PDF documents' },
} as const satisfies Record<string, { points: number; seconds: number; what: string; byAddress?: true }>;

export type LimitName = keyof typeof LIMITS;

/** How sign-in failures grow into blocks (0021). */
export const LOGIN = {
  /** Failures one account may have from one address before each further one blocks. */
  freeFailures: 5,
  /** ... and only this many once the account is under attack (`underAttackAfter` failures from everywhere). */
  freeFailuresUnderAttack: 1,
  underAttackAfter: 50,
  /** The first block; each further failure after a block doubles it, up to `maxBlockSeconds`. */
  firstBlockSeconds: 60,
  maxBlockSeconds: 3600,
  /** The owner is e-mailed once this many failures (from anywhere) were counted in a day. */
  alertAfter: 10,
} as const;

/** The block after the `failures`-th consecutive failure of one account from one address, or 0. */
export function loginBlockSeconds(failures: number, free: number = LOGIN.freeFailures): number {
  if (failures <= free) return 0;
  return Math.min(LOGIN.maxBlockSeconds, LOGIN.firstBlockSeconds * 2 ** Math.min(failures - free - 1, 20));
}
