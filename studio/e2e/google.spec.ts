/**
 * Google sign-in, with test credentials configured: the sign-up popup offers it, and clicking it
 * sends the browser to Google's authorization endpoint with our client id, our callback, a state
 * and a PKCE challenge. (No internet here: the request to Google is intercepted and answered.)
 * Without credentials the button is not shown (every other spec runs without them).
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const e2e = useE2E({ env: { GOOGLE_CLIENT_ID: 'tessera-test-client', GOOGLE_CLIENT_SECRET: 'tessera-test-secret' } });

describe('Google sign-in', () => {
  it('starts a well-formed authorization request from the sign-up popup', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    let authorizeUrl = '';
    await page.route('https://accounts.google.com/**', async (route) => {
      authorizeUrl = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google (stand-in)</title>' });
    });
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('open-sign-up').click();
    await page.getByRole('dialog').getByTestId('google-sign-in').click();
    await page.waitForURL(/^https:\/\/accounts\.google\.com\//);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe('tessera-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${e2e.server.url}/api/auth/callback/google`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    await context.close();
  });
});
