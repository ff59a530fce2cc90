import { useTranslation } from './i18n';
import { currencySymbol, formatMoney, formatNumber } from './format';
import { intlLocale } from './i18n';

/** `t` plus Intl formatting in the active language (the Intl locale, not just the language code). */
export function useI18n() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage);
  return {
    t,
    i18n,
    locale,
    dir: i18n.dir(i18n.resolvedLanguage),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    currencySymbol: (currency: string) => currencySymbol(currency, locale),
  };
}
