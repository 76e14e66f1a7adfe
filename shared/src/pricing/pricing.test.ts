import { describe, expect, it } from 'vitest';
import {
  BILLING_PERIOD_MONTHS,
  COUNTRIES,
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_SYMBOL,
  LOW_INCOME_FACTOR,
  NO_DIVISION_CURRENCIES,
  PAYMENT_CURRENCIES,
  PAYMENT_PLATFORM_NAMES,
  type PricedProduct,
  convertFromUsd,
  currencyDiscount,
  currencyForCountry,
  floor2,
  formatPrice,
  isPaymentCurrency,
  paymentMethodsForCountry,
  priceInfo,
  toMajor,
  usdRate,
} from './pricing.ts';

describe('floor2 (§9 prices rounded down to 2 decimals)', () => {
  it.each([
    [4.35, 4.35],
    [(0.29 * 100) / 100, 0.29],
    [0.29, 0.29],
    [9.999, 9.99],
    [1.005, 1],
    [0.1 + 0.2, 0.3],
    [1.1 * 3, 3.3],
    [2.675, 2.67],
    [19.999999, 19.99],
    [8.2 * 100, 820],
    [1234567.891, 1234567.89],
    [0, 0],
    [-1.234, -1.24],
  ])('floor2(%s) = %s', (n, expected) => {
    expect(floor2(n)).toBe(expected);
  });

  it('passes non-finite values through', () => {
    expect(floor2(Number.NaN)).toBeNaN();
    expect(floor2(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('toMajor (§9 division by 100)', () => {
  it.each([
    [999, 'usd', 9.99],
    [899, 'EUR', 8.99],
    [1497, 'jpy', 1497],
    [13186, 'krw', 13186],
    [146853, 'vnd', 146853],
    [9900, 'clp', 9900],
  ])('toMajor(%s, %s) = %s', (amount, currency, expected) => {
    expect(toMajor(amount, currency)).toBe(expected);
  });
});

describe('rates and discounts (§5)', () => {
  it.each([
    ['usd', 1],
    ['eur', 0.93],
    ['gbp', 0.81],
    ['jpy', 149.71],
    ['inr', 83.2],
    ['INR', 83.2],
  ])('usdRate(%s) = %s', (currency, rate) => {
    expect(usdRate(currency)).toBe(rate);
  });

  it('has no rate for unknown currencies', () => {
    expect(usdRate('xyz')).toBeUndefined();
  });

  it.each(['brl', 'inr', 'idr', 'ngn', 'php', 'mxn', 'cop', 'vnd', 'uah', 'try', 'egp', 'pkr', 'bdt'])(
    '%s carries the low-income factor',
    (currency) => {
      expect(currencyDiscount(currency)).toBe(LOW_INCOME_FACTOR);
    },
  );

  it.each(['usd', 'eur', 'clp', 'krw', 'cny', 'jpy', 'xyz'])('%s is full price', (currency) => {
    expect(currencyDiscount(currency)).toBe(1);
  });
});

describe('convertFromUsd', () => {
  it.each([
    // usdMinor, currency, expected stored units, why
    [800, 'inr', 39936, '8 × 83.2 × 0.6 = 399.36 rupees'],
    [999, 'inr', 49870, '498.7008 rupees floored to 49870 paise'],
    [999, 'eur', 929, '9.2907 euros floored to 929 cents'],
    [999, 'jpy', 1495, '1495.6029 yen floored to whole yen'],
    [999, 'krw', 13186, 'whole won'],
    [999, 'vnd', 146853, 'whole dong, with the 0.6 factor'],
    [999, 'USD', 999, 'identity for USD, any case'],
    [435, 'usd', 435, 'no float-noise loss'],
  ])('%s USD cents → %s = %s (%s)', (usdMinor, currency, expected) => {
    expect(convertFromUsd(usdMinor, currency)).toBe(expected);
  });

  it('throws for a currency without a rate', () => {
    expect(() => convertFromUsd(999, 'xyz')).toThrow(Error);
  });
});

describe('formatPrice', () => {
  it.each([
    [9.99, 'usd', '$9.99'],
    [1497, 'jpy', '¥1,497'],
    [399.36, 'inr', '₹399.36'],
    [13186, 'krw', '₩13,186'],
    [8.99, 'eur', '€8.99'],
    [10, 'usd', '$10.00'],
    [9.999, 'usd', '$9.99'],
    [1497.9, 'jpy', '¥1,497'],
  ])('formatPrice(%s, %s) = %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text);
  });

  it('honours the locale', () => {
    // German puts the symbol after the amount with a comma decimal; normalise the NBSP.
    expect(formatPrice(8.99, 'eur', 'de').replace(/\s/gu, ' ')).toBe('8,99 €');
  });
});

describe('priceInfo (§3/§9)', () => {
  const yearly: PricedProduct = { price: 11988, usageCount: 4, duration: 12 };

  it.each<[string, PricedProduct, string, { price: number; priceText: string; realCurrency: string }]>([
    [
      'JPY from moreCurrency, no division',
      { price: 999, moreCurrency: { jpy: 1497 }, usageCount: 5 },
      'jpy',
      { price: 1497, priceText: '¥1,497', realCurrency: 'jpy' },
    ],
    [
      'currency upper-cased by the caller',
      { price: 999, moreCurrency: { jpy: 1497 }, usageCount: 5 },
      'JPY',
      { price: 1497, priceText: '¥1,497', realCurrency: 'jpy' },
    ],
    [
      'EUR from moreCurrency, divided by 100',
      { price: 999, moreCurrency: { eur: 899 }, usageCount: 5 },
      'eur',
      { price: 8.99, priceText: '€8.99', realCurrency: 'eur' },
    ],
    [
      'INR converted with the 0.6 factor while usageCount is 0',
      { price: 800, usageCount: 0 },
      'inr',
      { price: 399.36, priceText: '₹399.36', realCurrency: 'inr' },
    ],
    [
      'EUR converted (no factor) while usageCount is 0',
      { price: 999, moreCurrency: null, usageCount: 0 },
      'eur',
      { price: 9.29, priceText: '€9.29', realCurrency: 'eur' },
    ],
    [
      'JPY converted to whole yen while usageCount is 0',
      { price: 999, usageCount: 0 },
      'jpy',
      { price: 1495, priceText: '¥1,495', realCurrency: 'jpy' },
    ],
    [
      'GBP missing from moreCurrency after sales → USD fallback',
      { price: 999, moreCurrency: { eur: 899 }, usageCount: 3 },
      'gbp',
      { price: 9.99, priceText: '$9.99', realCurrency: 'usd' },
    ],
    [
      'non-payment currency ZAR → USD even when convertible',
      { price: 999, usageCount: 0 },
      'zar',
      { price: 9.99, priceText: '$9.99', realCurrency: 'usd' },
    ],
    [
      'unknown currency → USD',
      { price: 999, usageCount: 0 },
      'xyz',
      { price: 9.99, priceText: '$9.99', realCurrency: 'usd' },
    ],
    [
      'USD ignores moreCurrency',
      { price: 999, moreCurrency: { usd: 1 }, usageCount: 0 },
      'usd',
      { price: 9.99, priceText: '$9.99', realCurrency: 'usd' },
    ],
  ])('%s', (_name, product, currency, expected) => {
    expect(priceInfo(product, currency)).toMatchObject(expected);
  });

  it('converts the usageCount-0 path exactly like convertFromUsd', () => {
    const info = priceInfo({ price: 999, usageCount: 0 }, 'inr');
    expect(info.price).toBe(toMajor(convertFromUsd(999, 'inr'), 'inr'));
    expect(info.price).toBe(498.7);
  });

  it.each<[string, PricedProduct, number, number]>([
    ['yearly (duration 12)', yearly, 9.99, 0.33],
    ['monthly (duration 1)', { price: 999, usageCount: 4, duration: 1 }, 9.99, 0.33],
    ['missing duration defaults to 12', { price: 11988, usageCount: 4, duration: null }, 9.99, 0.33],
    ['non-positive duration defaults to 12', { price: 11988, usageCount: 4, duration: 0 }, 9.99, 0.33],
    ['yearly, monthly share floored', { price: 9999, usageCount: 4 }, 8.33, 0.27],
  ])('priceMonth / priceDay for %s', (_name, product, priceMonth, priceDay) => {
    const info = priceInfo(product, 'usd');
    expect(info.priceMonth).toBe(priceMonth);
    expect(info.priceDay).toBe(priceDay);
  });

  it('floors priceMonth / priceDay for no-division currencies too', () => {
    const info = priceInfo({ price: 999, moreCurrency: { jpy: 1497 }, usageCount: 5, duration: 12 }, 'jpy');
    expect(info.priceMonth).toBe(124.75);
    expect(info.priceDay).toBe(4.15);
  });

  it('always carries the USD variant', () => {
    const info = priceInfo({ price: 11988, moreCurrency: { jpy: 17900 }, usageCount: 5, duration: 12 }, 'jpy');
    expect(info.realCurrency).toBe('jpy');
    expect(info.usd).toEqual({ price: 119.88, priceText: '$119.88', priceMonth: 9.99, priceDay: 0.33, realCurrency: 'usd' });
  });
});

describe('countries (§5/§9)', () => {
  it.each<[string | null | undefined, string]>([
    ['JP', 'jpy'],
    ['IN', 'inr'],
    ['DE', 'eur'],
    ['ZA', 'usd'],
    ['CN', 'cny'],
    ['TW', 'twd'],
    ['HK', 'hkd'],
    ['XX', 'usd'],
    ['jp', 'jpy'],
    [' de ', 'eur'],
    ['', 'usd'],
    [null, 'usd'],
    [undefined, 'usd'],
  ])('currencyForCountry(%j) = %s', (code, currency) => {
    expect(currencyForCountry(code)).toBe(currency);
  });

  it.each([
    ['CN', ['Stripe'], ['card', 'alipay']],
    ['ID', ['Payinsider'], ['dana']],
    ['BR', ['Payinsider'], ['pix', 'boleto']],
    ['MX', ['Payinsider'], ['oxxo', 'spei']],
    ['PH', ['Payinsider'], ['gcash', 'paymaya']],
    ['CO', ['Payinsider'], ['pse', 'nequi']],
    ['CL', ['Payinsider'], ['webpay', 'khipu']],
    ['cn', ['Stripe'], ['card', 'alipay']],
    ['US', ['Stripe'], ['card']],
    ['XX', ['Stripe'], ['card']],
  ])('paymentMethodsForCountry(%s)', (code, platforms, types) => {
    expect(paymentMethodsForCountry(code)).toEqual({ platforms, payment_method_types: types });
  });

  it('returns copies, so callers cannot change the table', () => {
    paymentMethodsForCountry('CN').payment_method_types.push('wechat_pay');
    expect(paymentMethodsForCountry('CN').payment_method_types).toEqual(['card', 'alipay']);
  });
});

describe('data sanity', () => {
  const rated = new Set(CURRENCIES.map((c) => c.currency));

  it('lists the 30 payment currencies, each with a rate', () => {
    expect(PAYMENT_CURRENCIES).toHaveLength(30);
    expect(new Set(PAYMENT_CURRENCIES).size).toBe(30);
    for (const c of PAYMENT_CURRENCIES) {
      expect(usdRate(c), c).toBeGreaterThan(0);
      expect(isPaymentCurrency(c)).toBe(true);
    }
    expect(isPaymentCurrency('zar')).toBe(false);
    expect(isPaymentCurrency('USD')).toBe(false);
    expect(DEFAULT_CURRENCY).toBe('usd');
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('$');
  });

  it('covers ~160 unique lowercase currencies with positive rates', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(rated.size).toBe(CURRENCIES.length);
    for (const c of CURRENCIES) {
      expect(c.currency, c.currency).toMatch(/^[a-z]{3}$/u);
      expect(Number.isFinite(c.rate) && c.rate > 0, c.currency).toBe(true);
    }
    for (const c of ['clp', 'krw', 'cny']) expect(currencyDiscount(c), c).toBe(1);
  });

  it('has unique, well-formed countries whose currency has a rate', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.code, c.country).toMatch(/^[A-Z]{2}$/u);
      expect(rated.has(c.iso), `${c.code} ${c.iso}`).toBe(true);
      expect(c.noDivisionNeeded === true, c.code).toBe((NO_DIVISION_CURRENCIES as readonly string[]).includes(c.iso));
      for (const p of c.paymentMethod?.platforms ?? []) expect(PAYMENT_PLATFORM_NAMES).toContain(p);
    }
  });

  it('gives every payment currency at least one country', () => {
    const isos = new Set(COUNTRIES.map((c) => c.iso));
    for (const c of PAYMENT_CURRENCIES) expect(isos.has(c), c).toBe(true);
  });

  it.each(['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES'])(
    'eurozone member %s prices in EUR',
    (code) => {
      expect(currencyForCountry(code)).toBe('eur');
    },
  );

  it('only the §9 countries have local payment methods', () => {
    const withMethods = COUNTRIES.filter((c) => c.paymentMethod).map((c) => c.code);
    expect(withMethods.sort()).toEqual(['BR', 'CL', 'CN', 'CO', 'ID', 'MX', 'PH']);
  });

  it('has 1- and 12-month billing periods', () => {
    expect(BILLING_PERIOD_MONTHS).toEqual({ monthly: 1, yearly: 12 });
  });
});
