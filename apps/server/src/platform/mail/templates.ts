import type { MailMessage } from './mailer.js';

/** The languages mail is written in; English unless the recipient's language is known. */
export type MailLanguage = 'en' | 'ar';

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
