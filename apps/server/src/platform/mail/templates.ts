import type { MailMessage } from './mailer.js';

/** The languages mail is written in; English unless the recipient's language is known. */
export type MailLanguage = 'en' | 'ar';

/**
 * The language a request is made in, for mail to someone with no account language yet (a sign-up, a newsletter
 * subscription): the web app's `lang` cookie (its UI language), else Accept-Language.
 */
export function mailLanguageOf(request: { cookies: Record<string, string | undefined>; headers: { 'accept-language'?: string } }): MailLanguage {
  const chosen = request.cookies.lang ?? request.headers['accept-language'] ?? '';
  return chosen.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

type Template<A> = (args: A, lang: MailLanguage) => Omit<MailMessage, 'to'>;

export const passwordResetMail: Template<{ username: string; link: string }> = ({ username, link }, lang) =>
  lang === 'ar'
    ? {
        subject: 'إعادة تعيين كلمة مرور Cusp',
        text: `مرحبًا ${username}،\n\nطلب أحدهم إعادة تعيين كلمة مرور حسابك في Cusp. إن كنت أنت، فافتح هذا الرابط خلال ساعة:\n\n${link}\n\nإن لم تكن أنت، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.\n\nفريق Cusp`,
      }
    : {
        subject: 'Reset your Cusp password',
        text: `Hello ${username},\n\nSomeone asked to reset the password of your Cusp account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nThe Cusp team`,
      };

export const signInAlertMail: Template<{ username: string; failures: number; resetLink: string }> = (
  { username, failures, resetLink },
  lang,
) =>
  lang === 'ar'
    ? {
        subject: 'محاولات دخول فاشلة إلى حسابك في Cusp',
        text: `مرحبًا ${username}،\n\nسُجّلت ${failures} محاولات دخول بكلمة مرور خاطئة إلى حسابك في Cusp خلال اليوم الأخير. إن لم تكن أنت، فقد يحاول أحدهم تخمين كلمة مرورك: تُبطَّأ المحاولات من كل عنوان، ويبقى دخولك من جهازك ممكنًا.\n\nإن كانت كلمة مرورك قصيرة أو مستعملة في موقع آخر، فغيّرها من هنا:\n\n${resetLink}\n\nفريق Cusp`,
      }
    : {
        subject: 'Failed sign-ins to your Cusp account',
        text: `Hello ${username},\n\n${failures} sign-ins with a wrong password were made to your Cusp account in the last day. If it was not you, someone may be trying to guess your password: each address trying is slowed down, and you can still sign in from your own device.\n\nIf your password is short or used on another site, change it here:\n\n${resetLink}\n\nThe Cusp team`,
      };

export const newsletterConfirmMail: Template<{ link: string }> = ({ link }, lang) =>
  lang === 'ar'
    ? {
        subject: 'أكّد اشتراكك في نشرة Cusp',
        text: `مرحبًا،\n\nطلب أحدهم اشتراك هذا العنوان في نشرة Cusp البريدية. لتأكيد الاشتراك، افتح هذا الرابط خلال سبعة أيام:\n\n${link}\n\nإن لم تطلبه، فتجاهل هذه الرسالة: لن تصلك أي نشرة.\n\nفريق Cusp`,
      }
    : {
        subject: 'Confirm your Cusp newsletter subscription',
        text: `Hello,\n\nSomeone asked to subscribe this address to the Cusp newsletter. To confirm, open this link within seven days:\n\n${link}\n\nIf it was not you, ignore this e-mail: you will receive no newsletter.\n\nThe Cusp team`,
      };

// Account settings (ADR 0032).

/** To the new address: the link that makes the change. */
export const emailChangeConfirmMail: Template<{ username: string; newEmail: string; link: string }> = ({ username, newEmail, link }, lang) =>
  lang === 'ar'
    ? {
        subject: 'أكّد عنوان بريدك الجديد في Cusp',
        text: `مرحبًا ${username}،\n\nطلبتَ أن يصبح ${newEmail} عنوان بريدك في Cusp. لإتمام التغيير، افتح هذا الرابط خلال 24 ساعة:\n\n${link}\n\nإن لم تطلبه، فتجاهل هذه الرسالة: يبقى عنوانك كما هو.\n\nفريق Cusp`,
      }
    : {
        subject: 'Confirm your new Cusp email address',
        text: `Hello ${username},\n\nYou asked to make ${newEmail} the email address of your Cusp account. To finish the change, open this link within 24 hours:\n\n${link}\n\nIf it was not you, ignore this e-mail: your address stays as it is.\n\nThe Cusp team`,
      };

/** To the old address, when a change is asked for: nothing has changed yet. */
export const emailChangeRequestedMail: Template<{ username: string; newEmail: string; settingsLink: string }> = (
  { username, newEmail, settingsLink },
  lang,
) =>
  lang === 'ar'
    ? {
        subject: 'طلب تغيير بريد حسابك في Cusp',
        text: `مرحبًا ${username}،\n\nطُلب تغيير عنوان بريد حسابك في Cusp إلى ${newEmail}. لن يتغيّر شيء إلا إذا فُتح الرابط المرسل إلى ذلك العنوان.\n\nإن لم تكن أنت، فغيّر كلمة مرورك وأنهِ جلساتك الأخرى من هنا:\n\n${settingsLink}\n\nفريق Cusp`,
      }
    : {
        subject: 'A change of your Cusp email address was requested',
        text: `Hello ${username},\n\nSomeone asked to change the email address of your Cusp account to ${newEmail}. Nothing changes unless the link sent to that address is opened.\n\nIf it was not you, change your password and end your other sessions here:\n\n${settingsLink}\n\nThe Cusp team`,
      };

/** To the old address, once the link was opened. */
export const emailChangedMail: Template<{ username: string; newEmail: string; supportLink: string }> = ({ username, newEmail, supportLink }, lang) =>
  lang === 'ar'
    ? {
        subject: 'تغيّر بريد حسابك في Cusp',
        text: `مرحبًا ${username}،\n\nأصبح ${newEmail} عنوان بريد حسابك في Cusp، ولن تصل رسائل الحساب إلى هذا العنوان بعد الآن.\n\nإن لم تكن أنت، فراسل الدعم فورًا من هنا:\n\n${supportLink}\n\nفريق Cusp`,
      }
    : {
        subject: 'Your Cusp email address was changed',
        text: `Hello ${username},\n\nThe email address of your Cusp account is now ${newEmail}; account e-mails no longer come to this address.\n\nIf it was not you, contact support at once:\n\n${supportLink}\n\nThe Cusp team`,
      };

// Payouts (docs/decisions/0051).

/**
 * To the account's address when its payout details change: the new destination by its last four characters only
 * (enough to recognise, not to use), and when payouts to it may start (null: the same account, not held).
 */
export const payoutDetailsChangedMail: Template<{ username: string; method: 'bank' | 'stripe'; last4: string; holdUntil: Date | null; supportLink: string }> = (
  { username, method, last4, holdUntil, supportLink },
  lang,
) => {
  const destination =
    lang === 'ar' ? (method === 'bank' ? `حساب بنكي ينتهي بـ ${last4}` : `حساب Stripe ينتهي بـ ${last4}`) : method === 'bank' ? `a bank account ending in ${last4}` : `the Stripe account ending in ${last4}`;
  const until = holdUntil && new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(holdUntil);
  return lang === 'ar'
    ? {
        subject: 'تغيّرت بيانات السحب في حسابك على Cusp',
        text: `مرحبًا ${username}،\n\nتغيّرت بيانات السحب في حسابك على Cusp، وصارت الأموال تُرسل إلى ${destination}. ${until ? `لن تُرسل أي دفعة إلى هذه البيانات قبل ${until} (بتوقيت UTC).` : 'الحساب نفسه، فتستمر الدفعات كما كانت.'}\n\nإن لم تكن أنت، فراسل الدعم فورًا وغيّر كلمة مرورك:\n\n${supportLink}\n\nفريق Cusp`,
      }
    : {
        subject: 'Your Cusp payout details were changed',
        text: `Hello ${username},\n\nThe payout details of your Cusp account were changed: payouts now go to ${destination}. ${until ? `No payout is sent there before ${until} (UTC).` : 'It is the same account, so payouts continue as before.'}\n\nIf it was not you, contact support at once and change your password:\n\n${supportLink}\n\nThe Cusp team`,
      };
};

// Verified addresses and the second step (ADR 0050).

/** At sign-up (and on request): the link that confirms the address. */
export const verifyEmailMail: Template<{ username: string; link: string }> = ({ username, link }, lang) =>
  lang === 'ar'
    ? {
        subject: 'أكّد عنوان بريدك في Cusp',
        text: `مرحبًا ${username}،\n\nشكرًا لتسجيلك في Cusp. لتأكيد أن هذا العنوان لك، افتح هذا الرابط خلال سبعة أيام:\n\n${link}\n\nبعد التأكيد يمكنك عرض خدماتك ودوراتك، وحفظ بيانات الدفع إليك، والدفع مقابل الطلبات.\n\nإن لم تسجّل أنت، فتجاهل هذه الرسالة.\n\nفريق Cusp`,
      }
    : {
        subject: 'Confirm your Cusp email address',
        text: `Hello ${username},\n\nThank you for joining Cusp. To confirm that this address is yours, open this link within seven days:\n\n${link}\n\nOnce it is confirmed you can offer services and courses, save your payout details and pay for orders.\n\nIf you did not sign up, ignore this e-mail.\n\nThe Cusp team`,
      };

/** Past the account's cap of failed sign-ins, after the right password: the one-time link that signs in. */
export const loginLinkMail: Template<{ username: string; link: string; resetLink: string }> = ({ username, link, resetLink }, lang) =>
  lang === 'ar'
    ? {
        subject: 'رابط الدخول إلى حسابك في Cusp',
        text: `مرحبًا ${username}،\n\nسُجّلت محاولات دخول فاشلة كثيرة إلى حسابك اليوم، لذلك نطلب خطوة ثانية. للدخول، افتح هذا الرابط خلال 15 دقيقة (يصلح مرة واحدة):\n\n${link}\n\nإن لم تحاول الدخول الآن، فقد عرف أحدهم كلمة مرورك: لا تفتح الرابط، وغيّر كلمة مرورك من هنا:\n\n${resetLink}\n\nفريق Cusp`,
      }
    : {
        subject: 'Your Cusp sign-in link',
        text: `Hello ${username},\n\nThere were many failed sign-ins to your account today, so we ask for a second step. To sign in, open this link within 15 minutes (it works once):\n\n${link}\n\nIf you did not just try to sign in, someone knows your password: do not open the link, and change your password here:\n\n${resetLink}\n\nThe Cusp team`,
      };
