/**
 * §7 user.getReqInfo on /pricing: the visitor's country, and how checkout lets them pay there
 * (§9: Alipay in China, local methods in Indonesia, Brazil, Mexico, the Philippines, Colombia
 * and Chile; card elsewhere) — the same table the server's checkout uses (shared/pricing).
 */
import { getLanguage } from '@tessera/shared/i18n';
import { paymentMethodsForCountry } from '@tessera/shared/pricing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/useLanguage.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** Brand names of the local methods (shared/pricing/countries.ts): not translated. */
const BRANDS: Record<string, string> = {
  alipay: 'Alipay',
  dana: 'DANA',
  gcash: 'GCash',
  paymaya: 'Maya',
  oxxo: 'OXXO',
  spei: 'SPEI',
  pix: 'Pix',
  boleto: 'Boleto',
  pse: 'PSE',
  nequi: 'Nequi',
  webpay: 'Webpay',
  khipu: 'Khipu',
};

function regionName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function PaymentMethods() {
  const { t } = useTranslation('pricing');
  const trpc = useTRPC();
  const locale = getLanguage(useLanguage()).bcp47;
  const info = useQuery({ ...trpc.user.getReqInfo.queryOptions(), meta: { skipError: true } });
  if (!info.data) return null;
  const { country } = info.data;
  const methods = paymentMethodsForCountry(country).payment_method_types.map((m) => (m === 'card' ? t('payment.card') : (BRANDS[m] ?? m)));
  return (
    <p className="mt-6 text-center text-xs text-muted" data-testid="payment-methods" data-country={country}>
      {t('payment.methods', { country: regionName(country, locale), methods: new Intl.ListFormat(locale, { type: 'conjunction' }).format(methods) })}
    </p>
  );
}
