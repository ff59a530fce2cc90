import type { NotificationKind, NotificationParams } from '@cusp/shared';

/** The languages notification mail is written in: the recipient's e-mail language (users.email_language). */
export type MailLanguage = 'en' | 'ar';

type Texts = { subject: string; line: string };
type KindTexts = Record<MailLanguage, (p: NotificationParams) => Texts>;

const s = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Subject and sentence per kind; the web app has the same sentences in its locales (notifications.kinds). */
const KIND_TEXTS: Record<NotificationKind, KindTexts> = {
  order_paid: {
    en: (p) => ({ subject: `New paid order: ${s(p.title)}`, line: `${s(p.name)} ordered and paid for "${s(p.title)}". The money is held in escrow until the order completes.` }),
    ar: (p) => ({ subject: `طلب جديد مدفوع: ${s(p.title)}`, line: `طلب ${s(p.name)} «${s(p.title)}» ودفع ثمنه. المبلغ محفوظ في الضمان حتى يكتمل الطلب.` }),
  },
  order_delivered: {
    en: (p) => ({ subject: `Your design was delivered: ${s(p.title)}`, line: `${s(p.name)} delivered the design for "${s(p.title)}". Review it, then accept it or ask for a revision.` }),
    ar: (p) => ({ subject: `سُلّم تصميمك: ${s(p.title)}`, line: `سلّم ${s(p.name)} تصميم «${s(p.title)}». راجعه، ثم اقبله أو اطلب تعديلًا.` }),
  },
  order_revision_requested: {
    en: (p) => ({ subject: `Revision requested: ${s(p.title)}`, line: `${s(p.name)} asked for a revision of "${s(p.title)}".` }),
    ar: (p) => ({ subject: `طُلب تعديل: ${s(p.title)}`, line: `طلب ${s(p.name)} تعديلًا على «${s(p.title)}».` }),
  },
  order_accepted: {
    en: (p) => ({ subject: `Order accepted: ${s(p.title)}`, line: `${s(p.name)} accepted "${s(p.title)}". The order is complete and the payment is released to your balance.` }),
    ar: (p) => ({ subject: `قُبل الطلب: ${s(p.title)}`, line: `قبل ${s(p.name)} «${s(p.title)}». اكتمل الطلب وأُضيف المبلغ إلى رصيدك.` }),
  },
  order_auto_completed: {
    en: (p) => ({ subject: `Order completed: ${s(p.title)}`, line: `"${s(p.title)}" completed automatically, three days after delivery.` }),
    ar: (p) => ({ subject: `اكتمل الطلب: ${s(p.title)}`, line: `اكتمل «${s(p.title)}» تلقائيًا بعد ثلاثة أيام من التسليم.` }),
  },
  order_auto_complete_soon: {
    en: (p) => ({ subject: `"${s(p.title)}" completes in 24 hours`, line: `"${s(p.title)}" will complete automatically in 24 hours. Accept it or ask for a revision before then if something is wrong.` }),
    ar: (p) => ({ subject: `يكتمل «${s(p.title)}» خلال ٢٤ ساعة`, line: `سيكتمل «${s(p.title)}» تلقائيًا خلال ٢٤ ساعة. اقبله أو اطلب تعديلًا قبل ذلك إن كان فيه ما يحتاج إلى تصحيح.` }),
  },
  order_cancelled: {
    en: (p) => ({
      subject: `Order cancelled: ${s(p.title)}`,
      line: p.refunded ? `${s(p.name)} cancelled "${s(p.title)}". The payment was refunded.` : `${s(p.name)} cancelled "${s(p.title)}".`,
    }),
    ar: (p) => ({
      subject: `أُلغي الطلب: ${s(p.title)}`,
      line: p.refunded ? `ألغى ${s(p.name)} «${s(p.title)}». أُعيد المبلغ المدفوع.` : `ألغى ${s(p.name)} «${s(p.title)}».`,
    }),
  },
  review_received: {
    en: (p) => ({ subject: `New review: ${s(p.title)}`, line: `${s(p.name)} reviewed "${s(p.title)}"${p.stars ? ` (${s(p.stars)}/5)` : ''}.` }),
    ar: (p) => ({ subject: `تقييم جديد: ${s(p.title)}`, line: `قيّم ${s(p.name)} «${s(p.title)}»${p.stars ? ` (${s(p.stars)}/5)` : ''}.` }),
  },
  course_enrolled: {
    en: (p) => ({ subject: `New student in ${s(p.title)}`, line: `${s(p.name)} enrolled in your course "${s(p.title)}".` }),
    ar: (p) => ({ subject: `متعلّم جديد في ${s(p.title)}`, line: `سجّل ${s(p.name)} في دورتك «${s(p.title)}».` }),
  },
  message_received: {
    en: (p) => ({ subject: `New messages from ${s(p.name)}`, line: `${s(p.name)} wrote to you on Cusp:` }),
    ar: (p) => ({ subject: `رسائل جديدة من ${s(p.name)}`, line: `كتب إليك ${s(p.name)} على Cusp:` }),
  },
  designer_verified: {
    en: () => ({ subject: 'You are a verified designer on Cusp', line: 'Your designer profile was verified: the verified badge now shows on your profile and your services.' }),
    ar: () => ({ subject: 'أصبحت مصممًا موثّقًا على Cusp', line: 'وُثّق ملفك كمصمم: تظهر شارة التوثيق الآن على ملفك وخدماتك.' }),
  },
  order_disputed: {
    en: (p) => ({ subject: `Dispute opened: ${s(p.title)}`, line: `${s(p.name)} opened a dispute on "${s(p.title)}". Answer it with your statement and files; an administrator will decide.` }),
    ar: (p) => ({ subject: `فُتح نزاع: ${s(p.title)}`, line: `فتح ${s(p.name)} نزاعًا على «${s(p.title)}». أجب ببيانك وملفاتك، وسيقرر أحد المشرفين.` }),
  },
  dispute_answered: {
    en: (p) => ({ subject: `Your dispute was answered: ${s(p.title)}`, line: `${s(p.name)} answered your dispute on "${s(p.title)}".` }),
    ar: (p) => ({ subject: `أُجيب عن نزاعك: ${s(p.title)}`, line: `أجاب ${s(p.name)} عن نزاعك على «${s(p.title)}».` }),
  },
  dispute_resolved: {
    en: (p) => ({ subject: `Dispute resolved: ${s(p.title)}`, line: `An administrator resolved the dispute on "${s(p.title)}": ${s(p.buyerAmount)} to the buyer, ${s(p.designerAmount)} to the designer.` }),
    ar: (p) => ({ subject: `حُسم النزاع: ${s(p.title)}`, line: `حسم أحد المشرفين النزاع على «${s(p.title)}»: ${s(p.buyerAmount)} للمشتري، و${s(p.designerAmount)} للمصمم.` }),
  },
  refund_offered: {
    en: (p) => ({ subject: `Refund offered: ${s(p.title)}`, line: `${s(p.name)} offers to refund ${s(p.amount)} of "${s(p.title)}". Accept or decline it on the order.` }),
    ar: (p) => ({ subject: `عرض استرداد: ${s(p.title)}`, line: `يعرض ${s(p.name)} استرداد ${s(p.amount)} من «${s(p.title)}». اقبله أو ارفضه من صفحة الطلب.` }),
  },
  refund_accepted: {
    en: (p) => ({ subject: `Refund offer accepted: ${s(p.title)}`, line: `${s(p.name)} accepted your refund offer on "${s(p.title)}". The order is complete.` }),
    ar: (p) => ({ subject: `قُبل عرض الاسترداد: ${s(p.title)}`, line: `قبل ${s(p.name)} عرض الاسترداد على «${s(p.title)}». اكتمل الطلب.` }),
  },
  refund_declined: {
    en: (p) => ({ subject: `Refund offer declined: ${s(p.title)}`, line: `${s(p.name)} declined your refund offer on "${s(p.title)}".` }),
    ar: (p) => ({ subject: `رُفض عرض الاسترداد: ${s(p.title)}`, line: `رفض ${s(p.name)} عرض الاسترداد على «${s(p.title)}».` }),
  },
  payout_paid: {
    en: (p) => ({ subject: `Payout sent: ${s(p.amount)}`, line: `Your payout of ${s(p.amount)} was sent (reference ${s(p.reference)}).` }),
    ar: (p) => ({ subject: `أُرسل السحب: ${s(p.amount)}`, line: `أُرسل سحبك بمبلغ ${s(p.amount)} (المرجع ${s(p.reference)}).` }),
  },
  payout_rejected: {
    en: (p) => ({ subject: `Payout rejected: ${s(p.amount)}`, line: `Your payout of ${s(p.amount)} was rejected: ${s(p.reason)}. The money is available again.` }),
    ar: (p) => ({ subject: `رُفض السحب: ${s(p.amount)}`, line: `رُفض سحبك بمبلغ ${s(p.amount)}: ${s(p.reason)}. عاد المبلغ إلى رصيدك المتاح.` }),
  },
  extension_requested: {
    en: (p) => ({ subject: `More time asked: ${s(p.title)}`, line: `${s(p.name)} asks for ${s(p.days)} more day(s) on "${s(p.title)}". Accept or decline it on the order.` }),
    ar: (p) => ({ subject: `طُلب وقت إضافي: ${s(p.title)}`, line: `يطلب ${s(p.name)} ${s(p.days)} يوم/أيام إضافية على «${s(p.title)}». اقبل الطلب أو ارفضه من صفحة الطلب.` }),
  },
  extension_accepted: {
    en: (p) => ({ subject: `More time accepted: ${s(p.title)}`, line: `${s(p.name)} accepted your request for more time on "${s(p.title)}". The due date moved.` }),
    ar: (p) => ({ subject: `قُبل طلب الوقت الإضافي: ${s(p.title)}`, line: `قبل ${s(p.name)} طلبك لوقت إضافي على «${s(p.title)}». تغيّر موعد التسليم.` }),
  },
  extension_declined: {
    en: (p) => ({ subject: `More time declined: ${s(p.title)}`, line: `${s(p.name)} declined your request for more time on "${s(p.title)}". The due date stays.` }),
    ar: (p) => ({ subject: `رُفض طلب الوقت الإضافي: ${s(p.title)}`, line: `رفض ${s(p.name)} طلبك لوقت إضافي على «${s(p.title)}». يبقى موعد التسليم كما هو.` }),
  },
  rescan_requested: {
    en: (p) => ({ subject: `New scans needed: ${s(p.title)}`, line: `${s(p.name)} needs new scans for "${s(p.title)}": ${s(p.reason)}. The due date is paused until you add them on the order.` }),
    ar: (p) => ({ subject: `مطلوب مسح جديد: ${s(p.title)}`, line: `يحتاج ${s(p.name)} إلى مسح جديد لـ«${s(p.title)}»: ${s(p.reason)}. موعد التسليم متوقف حتى تضيف الملفات من صفحة الطلب.` }),
  },
  scans_added: {
    en: (p) => ({ subject: `New case files: ${s(p.title)}`, line: `${s(p.name)} added case files to "${s(p.title)}".` }),
    ar: (p) => ({ subject: `ملفات حالة جديدة: ${s(p.title)}`, line: `أضاف ${s(p.name)} ملفات حالة إلى «${s(p.title)}».` }),
  },
  revision_bought: {
    en: (p) => ({ subject: `Extra revision bought: ${s(p.title)}`, line: `${s(p.name)} bought an extra revision of "${s(p.title)}".` }),
    ar: (p) => ({ subject: `شُري تعديل إضافي: ${s(p.title)}`, line: `اشترى ${s(p.name)} تعديلًا إضافيًا لـ«${s(p.title)}».` }),
  },
};

const UI: Record<MailLanguage, { hello: (name: string) => string; open: string; why: string; stop: string; settings: string; team: string }> = {
  en: {
    hello: (name) => `Hello ${name},`,
    open: 'Open in Cusp',
    why: 'You receive this e-mail because it was still unread in Cusp a few minutes later.',
    stop: 'Stop e-mails like this',
    settings: 'All notification settings',
    team: 'The Cusp team',
  },
  ar: {
    hello: (name) => `مرحبًا ${name}،`,
    open: 'افتحه في Cusp',
    why: 'وصلتك هذه الرسالة لأن الإشعار بقي غير مقروء في Cusp بعد بضع دقائق.',
    stop: 'أوقف رسائل من هذا النوع',
    settings: 'كل إعدادات الإشعارات',
    team: 'فريق Cusp',
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface NotificationMailInput {
  kind: NotificationKind;
  lang: MailLanguage;
  username: string;
  /** The first notification's params (the subject and sentence). */
  params: NotificationParams;
  /** Chat: each message that arrived, oldest first. */
  items: string[];
  link: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** The mail for one notification (or one chat batch): plain text and right-to-left HTML for Arabic. */
export function notificationMail(input: NotificationMailInput): { subject: string; text: string; html: string } {
  const { subject, line } = KIND_TEXTS[input.kind][input.lang](input.params);
  const ui = UI[input.lang];
  const list = input.items.map((item) => `  • ${item}`).join('\n');
  const text = [
    ui.hello(input.username),
    '',
    line,
    ...(input.items.length ? [list] : []),
    '',
    `${ui.open}: ${input.link}`,
    '',
    ui.team,
    '',
    '--',
    ui.why,
    `${ui.stop}: ${input.unsubscribeUrl}`,
    `${ui.settings}: ${input.settingsUrl}`,
  ].join('\n');
  const rtl = input.lang === 'ar';
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const items = input.items.length
    ? `<ul style="padding-${align}:20px;margin:8px 0">${input.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '';
  const html = `<!doctype html>
<html dir="${dir}" lang="${input.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,'Segoe UI',Tahoma,sans-serif;color:#1f2933;text-align:${align}">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p>${escapeHtml(ui.hello(input.username))}</p>
<p>${escapeHtml(line)}</p>
${items}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(ui.open)}</a></p>
<p>${escapeHtml(ui.team)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#616e7c">${escapeHtml(ui.why)}<br>
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#616e7c">${escapeHtml(ui.stop)}</a> · <a href="${escapeHtml(input.settingsUrl)}" style="color:#616e7c">${escapeHtml(ui.settings)}</a></p>
</body>
</html>`;
  return { subject, text, html };
}

/** The unsubscribe page's sentences (served by the API, in the recipient's e-mail language). */
export const UNSUBSCRIBE_PAGE: Record<MailLanguage, { title: string; ask: (kind: string) => string; button: string; done: (kind: string) => string; invalid: string; settings: string }> = {
  en: {
    title: 'Cusp e-mail',
    ask: (kind) => `Stop e-mails about “${kind}”? You will still see these notifications in Cusp.`,
    button: 'Stop these e-mails',
    done: (kind) => `Done: no more e-mails about “${kind}”. You can turn them on again in your notification settings.`,
    invalid: 'This unsubscribe link is not valid.',
    settings: 'Notification settings',
  },
  ar: {
    title: 'رسائل Cusp',
    ask: (kind) => `أتريد إيقاف الرسائل عن «${kind}»؟ ستبقى هذه الإشعارات ظاهرة في Cusp.`,
    button: 'أوقف هذه الرسائل',
    done: (kind) => `تم: لن تصلك رسائل عن «${kind}». يمكنك إعادة تشغيلها من إعدادات الإشعارات.`,
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح.',
    settings: 'إعدادات الإشعارات',
  },
};

/** A kind's short name, for the unsubscribe page. */
export const KIND_NAMES: Record<MailLanguage, Record<NotificationKind, string>> = {
  en: {
    order_paid: 'new paid orders',
    order_delivered: 'delivered designs',
    order_revision_requested: 'revision requests',
    order_accepted: 'accepted orders',
    order_auto_completed: 'orders completed automatically',
    order_auto_complete_soon: 'orders about to complete automatically',
    order_cancelled: 'cancelled orders',
    review_received: 'new reviews',
    course_enrolled: 'new students in your courses',
    message_received: 'new chat messages',
    designer_verified: 'designer verification',
    order_disputed: 'disputes opened on your orders',
    dispute_answered: 'answers to your disputes',
    dispute_resolved: 'resolved disputes',
    refund_offered: 'refund offers',
    refund_accepted: 'accepted refund offers',
    refund_declined: 'declined refund offers',
    payout_paid: 'payouts sent',
    payout_rejected: 'payouts rejected',
    extension_requested: 'requests for more time',
    extension_accepted: 'accepted requests for more time',
    extension_declined: 'declined requests for more time',
    rescan_requested: 'requests for new scans',
    scans_added: 'new case files',
    revision_bought: 'extra revisions bought',
  },
  ar: {
    order_paid: 'الطلبات الجديدة المدفوعة',
    order_delivered: 'التصاميم المسلَّمة',
    order_revision_requested: 'طلبات التعديل',
    order_accepted: 'الطلبات المقبولة',
    order_auto_completed: 'الطلبات المكتملة تلقائيًا',
    order_auto_complete_soon: 'الطلبات التي توشك أن تكتمل تلقائيًا',
    order_cancelled: 'الطلبات الملغاة',
    review_received: 'التقييمات الجديدة',
    course_enrolled: 'المتعلّمين الجدد في دوراتك',
    message_received: 'رسائل المحادثة الجديدة',
    designer_verified: 'توثيق المصممين',
    order_disputed: 'النزاعات المفتوحة على طلباتك',
    dispute_answered: 'الردود على نزاعاتك',
    dispute_resolved: 'النزاعات المحسومة',
    refund_offered: 'عروض الاسترداد',
    refund_accepted: 'عروض الاسترداد المقبولة',
    refund_declined: 'عروض الاسترداد المرفوضة',
    payout_paid: 'السحوبات المرسلة',
    payout_rejected: 'السحوبات المرفوضة',
    extension_requested: 'طلبات الوقت الإضافي',
    extension_accepted: 'طلبات الوقت الإضافي المقبولة',
    extension_declined: 'طلبات الوقت الإضافي المرفوضة',
    rescan_requested: 'طلبات المسح الجديد',
    scans_added: 'ملفات الحالة الجديدة',
    revision_bought: 'التعديلات الإضافية المشتراة',
  },
};

export { escapeHtml };
