import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadPageStrings, setLanguage } from '@/lib/i18n';
import { notificationDisplayText, notificationText } from './text';

// One notification stands for every unread message of a conversation (ADR 0027): the bell says how many.
const chat = (params: Record<string, string | number>) => notificationText(i18n.t, { kind: 'message_received', params: { name: 'lina', preview: 'Scans attached', ...params } });

describe('a chat notification’s text', () => {
  afterAll(() => setLanguage('en', { persist: false }));

  it('says how many messages it stands for, in English', async () => {
    await Promise.all([initI18n('en'), loadPageStrings()]);
    expect(chat({ count: 3 })).toBe('3 new messages from lina. Latest: Scans attached');
    expect(chat({ count: 1 })).toBe('lina: Scans attached');
    // Written before notifications counted: as it was.
    expect(chat({})).toBe('lina: Scans attached');
  });

  it('and in Arabic, with its plural forms', async () => {
    await setLanguage('ar', { persist: false });
    await loadPageStrings();
    expect(chat({ count: 2 })).toBe('رسالتان جديدتان من lina. آخرهما: Scans attached');
    expect(chat({ count: 3 })).toBe('3 رسائل جديدة من lina. آخرها: Scans attached');
    expect(chat({ count: 11 })).toBe('11 رسالة جديدة من lina. آخرها: Scans attached');
    expect(chat({ count: 1 })).toBe('lina: Scans attached');
  });

  it('isolates the preview where it is shown, so its own full stop stays at its end in either language', async () => {
    await setLanguage('ar', { persist: false });
    await loadPageStrings();
    const n = { kind: 'message_received' as const, params: { name: 'lina', preview: 'Ready.', count: 3 } };
    expect(notificationDisplayText(i18n.t, n)).toBe('3 رسائل جديدة من lina. آخرها: \u2068Ready.\u2069');
    expect(notificationDisplayText(i18n.t, { kind: 'order_paid', params: { name: 'lina', title: 'Crown' } })).toBe(notificationText(i18n.t, { kind: 'order_paid', params: { name: 'lina', title: 'Crown' } }));
  });
});
