/**
 * Hosted models in a real browser: a server with fal configured against the protocol stand-in
 * (server/test/providerStandIns.ts). On an image form and a video form the visitor picks a
 * hosted model, sees its own price on the Generate button, generates, pays exactly that, and sees
 * the result labelled with the model's name.
 */
import { startFalStandIn } from '@tessera/server/test/providerStandIns';
import { choiceCost, findModel, toChoice } from '@tessera/shared/generation/models';
import { afterAll, describe, expect, it } from 'vitest';
import { creditsShown, newVisitor, openAsGuest, useE2E, waitForResult } from './harness.ts';

// The stand-in must exist before the server starts: its address goes into the server's environment.
const fal = await startFalStandIn();
const e2e = useE2E({ env: { FAL_KEY: fal.key, FAL_BASE_URL: fal.origin, PROVIDER_DOWNLOAD_ALLOW_ORIGINS: fal.hostPort } });
afterAll(() => fal.close());

const TEST_TIMEOUT_MS = 120_000;


/** The price of `id` for `input`, by the rule the server charges with. */
function priceOf(id: string, kind: 'text_to_image' | 'text_to_video', input: Record<string, unknown>): number {
  return choiceCost(toChoice(findModel(id)!), kind, input);
}

describe('hosted models in a real browser', () => {
  it('picks a hosted image model, pays its price and sees the result labelled with it', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-models-image-0001');
    const before = await openAsGuest(page, `${e2e.server.url}/app/ai-image`);
    await page.getByTestId('prompt').fill('a lighthouse at dawn');
    const picker = page.getByTestId('model-picker');
    await picker.waitFor();
    await picker.selectOption('fal-flux-schnell');
    const cost = priceOf('fal-flux-schnell', 'text_to_image', { prompt: 'a lighthouse at dawn', aspectRatio: '1:1' });
    await expect.poll(() => page.getByTestId('generate').textContent()).toContain(`${cost} credits`);
    await page.getByTestId('generate').click();
    await waitForResult(page);
    await expect.poll(() => creditsShown(page)).toBe(before - cost);
    // The request reached fal's queue for that model.
    expect(fal.requests.some((r) => r.method === 'POST' && r.path === '/fal-ai/flux/schnell')).toBe(true);
    await expect.poll(() => page.getByTestId('creation-model').first().textContent(), { timeout: 15_000 }).toContain(findModel('fal-flux-schnell')!.name);
    expect(errors).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('picks a hosted video model: its durations, its price, its label', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-models-video-0001');
    const before = await openAsGuest(page, `${e2e.server.url}/app/ai-video`);
    await page.getByTestId('prompt').fill('a paper boat in the rain');
    const picker = page.getByTestId('model-picker');
    await picker.waitFor();
    await picker.selectOption('fal-wan-t2v');
    const model = findModel('fal-wan-t2v')!;
    // Only the durations and resolutions the model makes are offered.
    await page.getByTestId(`option-resolution-${model.limits.resolutions![0]}`).click();
    const input = { prompt: 'a paper boat in the rain', duration: model.limits.durations![0], aspectRatio: '16:9', resolution: model.limits.resolutions![0] };
    const cost = priceOf('fal-wan-t2v', 'text_to_video', input);
    await expect.poll(() => page.getByTestId('generate').textContent()).toMatch(new RegExp(`${cost} credits$`));
    await page.getByTestId('generate').click();
    await page.getByTestId('result-video').waitFor({ timeout: 60_000 });
    await expect.poll(() => creditsShown(page)).toBe(before - cost);
    expect(fal.requests.some((r) => r.method === 'POST' && r.path === `/${model.remoteId}`)).toBe(true);
    await expect.poll(() => page.getByTestId('creation-model').first().textContent(), { timeout: 15_000 }).toContain(model.name);
    expect(errors).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);
});
