import 'i18next';
import type en from '@/locales/en.json';

// English is the reference catalogue: `t('unknown.key')` is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
