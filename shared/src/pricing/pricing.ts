/**
 * §3/§5/§9 pricing: which currency a visitor pays in, how a product's USD price converts, and
 * the price texts the pricing page and checkout show. Pure functions over frozen tables (no
 * network, no Node/DOM-only APIs) so the server and the studio compute the same numbers.
 *
 * Amount conventions: product prices and `moreCurrency` values are stored in MINOR units (cents)
 * except for {@link NO_DIVISION_CURRENCIES}, which are stored in whole units; everything a
 * {@link PriceInfo} carries is in MAJOR units (e.g. 9.99), rounded down to 2 decimals.
 */
import { type CountryPaymentMethod, COUNTRIES, type PaymentPlatformName } from './countries.ts';
import { CURRENCIES, type CurrencyEntry } from './currencies.ts';

export { CURRENCIES, LOW_INCOME_FACTOR, type CurrencyEntry } from './currencies.ts';
export {
  COUNTRIES,
  PAYMENT_PLATFORM_NAMES,
  type CountryEntry,
  type CountryPaymentMethod,
  type PaymentPlatformName,
} from './countries.ts';

/**
 * §5 the 30 currencies checkout can charge in, in spec order. Anything else is shown and charged
 * in USD, because the billing platforms are only configured for these.
 */
export const PAYMENT_CURRENCIES = [
  'usd',
  'eur',
  'aud',
  'brl',
  'cad',
  'chf',
  'czk',
  'dkk',
  'gbp',
  'huf',
  'ils',
  'jpy',
  'mxn',
  'nok',
  'php',
  'pln',
  'sek',
  'myr',
  'inr',
  'cny',
  'uah',
  'idr',
  'try',
  'hkd',
  'twd',
  'ngn',
  'clp',
  'cop',
  'krw',
  'vnd',
] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

const PAYMENT_CURRENCY_SET: ReadonlySet<string> = new Set(PAYMENT_CURRENCIES);

/** Case-sensitive on purpose: the guard promises the exact lowercase literal. Lowercase first. */
export function isPaymentCurrency(c: string): c is PaymentCurrency {
  return PAYMENT_CURRENCY_SET.has(c);
}

/** §5 fallback currency for unknown countries and non-payment currencies. */
export const DEFAULT_CURRENCY = 'usd' satisfies PaymentCurrency;
export const DEFAULT_CURRENCY_SYMBOL = '$';

/**
 * §9 currencies whose stored amounts are whole units, not cents: their minor unit is absent or
 * unused in practice, so dividing by 100 would misprice by two orders of magnitude.
 */
export const NO_DIVISION_CURRENCIES = ['jpy', 'vnd', 'krw', 'clp'] as const;
const NO_DIVISION_SET: ReadonlySet<string> = new Set(NO_DIVISION_CURRENCIES);

/** §9 daily price divides the monthly price by a flat 30 days (stable, month-length agnostic). */
export const DAYS_PER_MONTH = 30;
export const MONTHS_PER_YEAR = 12;
/** §9 a product without a duration is treated as a yearly plan. */
export const DEFAULT_PRODUCT_DURATION = 12;
/** §9 billing periods, in months. */
export const BILLING_PERIOD_MONTHS = { monthly: 1, yearly: 12 } as const;
export type BillingPeriod = keyof typeof BILLING_PERIOD_MONTHS;

const CURRENCY_BY_CODE: ReadonlyMap<string, CurrencyEntry> = new Map(CURRENCIES.map((c) => [c.currency, c]));
const COUNTRY_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

function isNoDivision(currency: string): boolean {
  return NO_DIVISION_SET.has(currency.toLowerCase());
}

/** Units of `currency` per 1 USD, or undefined for a currency outside the table. Case-insensitive. */
export function usdRate(currency: string): number | undefined {
  return CURRENCY_BY_CODE.get(currency.toLowerCase())?.rate;
}

/** §9 price factor: {@link LOW_INCOME_FACTOR} for low-income currencies, else 1. Case-insensitive. */
export function currencyDiscount(currency: string): number {
  return CURRENCY_BY_CODE.get(currency.toLowerCase())?.discount ?? 1;
}

/**
 * The currency a visitor from `countryCode` (ISO 3166-1 alpha-2, any case) is charged in: the
 * local currency when checkout supports it, else USD — also for unknown or missing countries
 * (e.g. no geo-IP header).
 */
export function currencyForCountry(countryCode: string | null | undefined): PaymentCurrency {
  if (!countryCode) return DEFAULT_CURRENCY;
  const iso = COUNTRY_BY_CODE.get(countryCode.trim().toUpperCase())?.iso;
  return iso !== undefined && isPaymentCurrency(iso) ? iso : DEFAULT_CURRENCY;
}

/**
 * §9 platforms and method types offered to `countryCode` (any case). Countries without local
 * methods get card checkout on Stripe. Returns fresh arrays so callers cannot corrupt the table.
 */
export function paymentMethodsForCountry(countryCode: string | null | undefined): CountryPaymentMethod {
  const pm = countryCode ? COUNTRY_BY_CODE.get(countryCode.trim().toUpperCase())?.paymentMethod : undefined;
  if (!pm) return { platforms: ['Stripe'] satisfies PaymentPlatformName[], payment_method_types: ['card'] };
  return { platforms: [...pm.platforms], payment_method_types: [...pm.payment_method_types] };
}

/** §9 stored amount → major units: no-division currencies as-is, others divided by 100. */
export function toMajor(amount: number, currency: string): number {
  return isNoDivision(currency) ? amount : amount / 100;
}

/**
 * Math.floor that ignores binary floating-point noise: 434.99999999999994 (from 4.35 * 100) is
 * 435 in decimal terms and must not floor to 434. Rounding to 12 significant digits first drops
 * the noise (doubles carry ~15.9) while keeping every real fraction a price can have.
 */
function floorDecimal(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.floor(Number(n.toPrecision(12)));
}

/**
 * §9 round DOWN to 2 decimals, never up: a displayed price must never exceed what the customer
 * was quoted. Robust to float noise, e.g. floor2(4.35) = 4.35 and floor2(0.29) = 0.29, while
 * floor2(9.999) = 9.99. Non-finite input is returned unchanged.
 */
export function floor2(n: number): number {
  if (!Number.isFinite(n)) return n;
  return floorDecimal(n * 100) / 100;
}

/**
 * A USD price in cents converted to `currency`'s stored units (cents, or whole units for
 * no-division currencies): usdMinor/100 × rate × §9 discount, rounded down.
 * @throws Error for a currency without a rate — pricing in it would be a guess.
 */
export function convertFromUsd(usdMinor: number, currency: string): number {
  const rate = usdRate(currency);
  if (rate === undefined) throw new Error(`No USD rate for currency "${currency}"`);
  const major = (usdMinor * rate * currencyDiscount(currency)) / 100;
  return isNoDivision(currency) ? floorDecimal(major) : floorDecimal(major * 100);
}

/**
 * Localised price text, e.g. '$9.99', '¥1,497', '₹399.36'. No-division currencies show no
 * fraction, others exactly 2 digits. The amount is floored to those digits first so Intl's
 * half-up rounding can never raise the price.
 */
export function formatPrice(amount: number, currency: string, locale = 'en'): string {
  const noDivision = isNoDivision(currency);
  const digits = noDivision ? 0 : 2;
  const value = noDivision ? floorDecimal(amount) : floor2(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** The product fields pricing reads. */
export interface PricedProduct {
  /** USD price in cents. */
  price: number;
  /** Hand-set local prices keyed by lowercase currency, in stored units (see {@link toMajor}). */
  moreCurrency?: Record<string, number> | null;
  /**
   * How many times the product was bought. Converted prices are only offered while it is 0:
   * once customers have paid, a price in a currency nobody set by hand is not invented.
   */
  usageCount: number;
  /** Months the product covers; missing or non-positive means {@link DEFAULT_PRODUCT_DURATION}. */
  duration?: number | null;
}

/** §3 price info, all amounts in major units of `realCurrency`. */
export interface PriceInfo {
  price: number;
  priceText: string;
  /** price / duration, rounded down. */
  priceMonth: number;
  /** priceMonth / {@link DAYS_PER_MONTH}, rounded down to 2 decimals (also for no-division currencies). */
  priceDay: number;
  /** The currency actually charged; 'usd' when the requested one had no price. */
  realCurrency: string;
}

function localPrice(product: PricedProduct, currency: PaymentCurrency): { price: number; realCurrency: string } {
  const usd = { price: floor2(toMajor(product.price, DEFAULT_CURRENCY)), realCurrency: DEFAULT_CURRENCY };
  if (currency === DEFAULT_CURRENCY) return usd;
  const more = product.moreCurrency;
  const set = more && Object.hasOwn(more, currency) ? more[currency] : undefined;
  if (typeof set === 'number' && Number.isFinite(set)) {
    return { price: floor2(toMajor(set, currency)), realCurrency: currency };
  }
  if (product.usageCount === 0) {
    return { price: floor2(toMajor(convertFromUsd(product.price, currency), currency)), realCurrency: currency };
  }
  return usd;
}

function buildInfo(product: PricedProduct, currency: PaymentCurrency, locale: string): PriceInfo {
  const { price, realCurrency } = localPrice(product, currency);
  const d = product.duration;
  const duration = typeof d === 'number' && Number.isFinite(d) && d > 0 ? d : DEFAULT_PRODUCT_DURATION;
  const priceMonth = floor2(price / duration);
  return {
    price,
    priceText: formatPrice(price, realCurrency, locale),
    priceMonth,
    priceDay: floor2(priceMonth / DAYS_PER_MONTH),
    realCurrency,
  };
}

/**
 * §3/§9 price info for `product` in `currency` (any case), plus the USD variant for display
 * alongside. The currency is used when it is a payment currency AND the product has a price in
 * it: hand-set in `moreCurrency`, or converted from USD while `usageCount` is 0. Otherwise the
 * USD price is returned with `realCurrency` 'usd', so the caller charges what it shows.
 */
export function priceInfo(product: PricedProduct, currency: string, locale = 'en'): PriceInfo & { usd: PriceInfo } {
  const lower = currency.trim().toLowerCase();
  const target: PaymentCurrency = isPaymentCurrency(lower) ? lower : DEFAULT_CURRENCY;
  return { ...buildInfo(product, target, locale), usd: buildInfo(product, DEFAULT_CURRENCY, locale) };
}
