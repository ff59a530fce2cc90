import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@cusp/shared';
import * as templates from '../../platform/mail/templates.js';
import { englishLeft } from '../../../test/arabic.js';
import { KIND_NAMES, notificationMail, UNSUBSCRIBE_PAGE } from './mail-templates.js';

/**
 * Every e-mail the product sends, written in Arabic, says nothing in English but the values put in it
 * (docs/decisions/0059). A new template is covered without an edit here: every `...Mail` export is rendered.
 */

// The values templates are given: what they put in is content (exempt), what they write around it is checked.
const VALUES = { username: 'member_one', link: 'https://cusp.test/l', resetLink: 'https://cusp.test/r', settingsLink: 'https://cusp.test/s', supportLink: 'https://cusp.test/h', newEmail: 'new@example.com', failures: 7, last4: 'AB12' };
const EXEMPT = ['member_one', 'new@example.com', 'AB12', 'Zirconia crown', 'Lina Haddad', 'Bad IBAN', 'PAYOUT-7', 'Open the contacts'];

const htmlText = (html: string) =>
  html
    .replace(/<[^>]*>/gu, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/gu, ' ');

const mailTemplates = Object.entries(templates).filter(([name, value]) => name.endsWith('Mail') && typeof value === 'function') as Array<
  [string, (args: Record<string, unknown>, lang: templates.MailLanguage) => { subject: string; text: string; html?: string }]
>;

describe('Arabic e-mail has no English in it (docs/decisions/0059)', () => {
  it('finds the templates, and the check catches English', () => {
    expect(mailTemplates.length).toBeGreaterThanOrEqual(9);
    // Not vacuous: the same templates in English are all flagged.
    for (const [name, template] of mailTemplates) expect(englishLeft(template({ ...VALUES, method: 'bank', holdUntil: null }, 'en').text, EXEMPT), name).not.toEqual([]);
  });

  it('account, sign-in, newsletter and payout mail', () => {
    for (const [name, template] of mailTemplates) {
      for (const variant of [
        { method: 'bank', holdUntil: new Date('2026-12-01T10:00:00Z') },
        { method: 'stripe', holdUntil: null },
      ]) {
        const mail = template({ ...VALUES, ...variant }, 'ar');
        expect(englishLeft(`${mail.subject}\n${mail.text}\n${mail.html ? htmlText(mail.html) : ''}`, EXEMPT), name).toEqual([]);
      }
    }
  });

  it('every notification kind, in text and HTML, and the unsubscribe page', () => {
    const params = { name: 'Lina Haddad', title: 'Zirconia crown', stars: 5, amount: '$12.00', buyerAmount: '$5.00', designerAmount: '$7.00', reference: 'PAYOUT-7', reason: 'Bad IBAN', days: 2, refunded: true, preview: 'Open the contacts' };
    for (const kind of NOTIFICATION_KINDS) {
      for (const refunded of [true, false]) {
        const mail = notificationMail({
          kind,
          lang: 'ar',
          username: 'member_one',
          params: { ...params, refunded },
          items: ['Open the contacts'],
          link: 'https://cusp.test/orders/1',
          unsubscribeUrl: 'https://cusp.test/u',
          settingsUrl: 'https://cusp.test/settings',
        });
        expect(englishLeft(`${mail.subject}\n${mail.text}\n${htmlText(mail.html)}`, [...EXEMPT, '$12.00', '$5.00', '$7.00']), kind).toEqual([]);
      }
      const page = UNSUBSCRIBE_PAGE.ar;
      const name = KIND_NAMES.ar[kind];
      expect(englishLeft([page.title, page.ask(name), page.button, page.done(name), page.invalid, page.settings].join('\n'), []), kind).toEqual([]);
    }
  });
});
