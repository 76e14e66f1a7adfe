/** The seed catalogue is data operators edit by hand: these checks catch a bad edit before start-up does. */
import { PLAN_KEYS, productTypeFromName, PLAN_KEY_OF_TYPE } from '@tessera/shared/plans';
import { PAYMENT_CURRENCIES, convertFromUsd } from '@tessera/shared/pricing';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from './seed.ts';

const catalogue = readCatalogue();

describe('seed catalogue', () => {
  it('has every plan once, FREE first and the most restrictive', () => {
    expect(catalogue.plans.map((p) => p.key)).toEqual([...PLAN_KEYS]);
    const [free, ...paid] = catalogue.plans;
    expect(free).toMatchObject({ watermark: true, proFeatures: false, unmeteredImages: false });
    for (const plan of paid) expect(plan.parallelTasks).toBeGreaterThan(free?.parallelTasks ?? 0);
  });

  it('sells every paid plan monthly and yearly, the year for less than 12 months and with 12 months of credits', () => {
    for (const key of PLAN_KEYS.filter((k) => k !== 'FREE')) {
      const monthly = catalogue.products.find((p) => p.plan === key && p.period === 'monthly');
      const yearly = catalogue.products.find((p) => p.plan === key && p.period === 'yearly');
      expect(monthly?.duration).toBe(1);
      expect(yearly?.duration).toBe(12);
      expect(yearly?.price).toBeLessThan((monthly?.price ?? 0) * 12);
      expect(yearly?.usageCount).toBe((monthly?.usageCount ?? 0) * 12);
    }
  });

  it('names products so that §5 reads the right plan from the name, with unique price ids', () => {
    for (const p of catalogue.products) expect(PLAN_KEY_OF_TYPE[productTypeFromName(p.productName)]).toBe(p.plan);
    expect(new Set(catalogue.products.map((p) => p.priceId)).size).toBe(catalogue.products.length);
    for (const p of catalogue.products) expect(p.usageList[0]).toEqual({ usageType: 'credits', usageCount: p.usageCount });
  });

  it('grants API credits with every paid plan (issue 19), twelve months of them yearly, none on Free', () => {
    const api = (p: (typeof catalogue.products)[number] | undefined) => p?.usageList.find((u) => u.usageType === 'api_credits')?.usageCount ?? 0;
    expect(api(catalogue.products.find((p) => p.plan === 'FREE'))).toBe(0);
    for (const key of PLAN_KEYS.filter((k) => k !== 'FREE')) {
      const monthly = catalogue.products.find((p) => p.plan === key && p.period === 'monthly');
      const yearly = catalogue.products.find((p) => p.plan === key && p.period === 'yearly');
      expect(api(monthly)).toBeGreaterThan(0);
      expect(api(yearly)).toBe(api(monthly) * 12);
    }
  });

  it('prices every paid product in all 29 other payment currencies at the fixed rates', () => {
    for (const p of catalogue.products.filter((x) => x.price > 0)) {
      for (const c of PAYMENT_CURRENCIES.filter((x) => x !== 'usd')) expect(p.moreCurrency[c], `${p.id} ${c}`).toBe(convertFromUsd(p.price, c));
    }
  });
});
