import { describe, expect, it } from 'vitest';
import { lastMailId, useE2E, waitForCode, waitForMail, watchPageErrors } from './harness.ts';

const e2e = useE2E();

interface SessionBody {
  user: { id: string; isAnonymous: boolean; email: string; deviceId: string | null };
}

describe('session in a real browser', () => {
  it('gives a first-time visitor an anonymous session with a stored device id', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/`);
    await page.getByTestId('open-sign-up').waitFor();

    await expect.poll(async () => (await context.cookies()).some((c) => c.name.includes('session_token'))).toBe(true);
    const session = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionBody>));
    expect(session.user.isAnonymous).toBe(true);
    const deviceId = await page.evaluate(() => localStorage.getItem('tessera.deviceId'));
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(session.user.deviceId).toBe(deviceId);

    // A second load keeps the same anonymous user rather than creating another.
    await page.reload();
    await page.getByTestId('open-sign-up').waitFor();
    const again = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionBody>));
    expect(again.user.id).toBe(session.user.id);
    // §3 analytics user properties reach the tag-manager data layer, user_group included.
    const properties = await page.waitForFunction(() =>
      (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.find((e) => e.event === 'user_properties'),
    );
    expect(await properties.jsonValue()).toMatchObject({ anonymous_id: session.user.id, user_status: 'anon', user_group: expect.any(Number) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('skips the anonymous sign-in on /app paths', async () => {
    // A narrow window, so the header's menu button (the sentinel below) is shown.
    const context = await e2e.browser.newContext({ viewport: { width: 800, height: 800 } });
    // Every call the page makes to the auth API, noted when it is made.
    await context.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __authCalls: string[] }).__authCalls = calls;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/api/auth/')) calls.push(new URL(url, location.href).pathname);
        return send(input, init);
      };
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/app/canvas`);
    await page.getByTestId('back-home').waitFor();
    // The signed-out header renders in the commit where the session read came back empty; the
    // anonymous sign-in would start in that commit's effect (SessionBootstrap), with its first
    // call, /api/auth/providers, made synchronously. Sentinel: a later update (the menu opens),
    // which React starts only after flushing the previous commit's effects.
    await page.getByTestId('open-sign-up').waitFor();
    await page.getByTestId('open-menu').click();
    await page.locator('#mobile-nav').waitFor();
    const calls = await page.evaluate(() => (window as unknown as { __authCalls: string[] }).__authCalls);
    expect(calls).toContain('/api/auth/get-session');
    expect(calls.filter((path) => path === '/api/auth/providers' || path === '/api/auth/sign-in/anonymous')).toEqual([]);
    expect((await context.cookies()).some((c) => c.name.includes('session_token'))).toBe(false);
    await context.close();
  });

  it('signs up, shows the signed-in header, and signs out to /sign-in', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const rpcCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/trpc/') && rpcCalls.push(r.url()));
    await page.goto(`${e2e.server.url}/home`);
    await page.evaluate(() => localStorage.setItem('tessera.selectedProject', 'p1'));
    const anonymous = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionBody | null>));

    const email = `e2e.${Date.now()}@example.com`;
    await page.getByTestId('open-sign-up').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // §4 verify step: the code comes by e-mail (the dev mailbox, no SMTP server in tests).
    await dialog.getByTestId('verify-step').waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Check your inbox');
    await dialog.getByTestId('dev-mailbox-hint').waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionBody | null>))).toMatchObject({
      user: { isAnonymous: true },
    });
    await dialog.getByLabel('Verification code').fill(await waitForCode(e2e.server.url, email));
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    // §3 user-info cookie, written once the session shows the signed-in user.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'user-info')).toMatchObject({ path: '/', sameSite: 'Lax' });
    const userInfo = (await context.cookies()).find((c) => c.name === 'user-info')!;
    expect(JSON.parse(decodeURIComponent(userInfo.value))).toMatchObject({ email, name: email.split('@')[0] });
    expect(userInfo.expires - Date.now() / 1000).toBeGreaterThan(7_776_000 - 120);
    const session = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionBody>));
    expect(session.user.isAnonymous).toBe(false);
    if (anonymous) expect(session.user.deviceId).toBe(anonymous.user.deviceId);

    // The menu shows the account from user.find (tRPC through the studio's batched client).
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe(email.split('@')[0]);
    expect(rpcCalls.some((u) => u.includes('user.find'))).toBe(true);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${e2e.server.url}/sign-in`);
    await page.getByTestId('sign-in-title').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tessera.selectedProject'))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === 'user-info')).toBe(false);
    await page.getByTestId('open-log-in').waitFor();

    // Logging back in on /sign-in returns to the home page, signed in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.locator('main').getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('shows the catalogue message for a wrong password, and the same neutral code step for a taken e-mail', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/home`);
    const email = `taken.${Date.now()}@example.com`;
    // A registered, verified account (through the same API the studio uses).
    const post = (path: string, body: unknown) =>
      page.evaluate(
        ([p, b]) => fetch(p!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b! }).then((r) => r.status),
        [path, JSON.stringify(body)],
      );
    expect(await post('/api/auth/sign-up/email', { email, password: 'correct horse battery', name: 'taken' })).toBe(200);
    expect(await post('/api/auth/email-otp/verify-email', { email, otp: await waitForCode(e2e.server.url, email), password: 'correct horse battery' })).toBe(200);
    await page.context().clearCookies();
    await page.reload();

    await page.getByTestId('open-log-in').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('wrong password!');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Incorrect username or password.');

    // Signing up again with the address moves on to "check your inbox" like a new address would:
    // the page does not reveal the registration; the owner's mailbox gets a notice, not a code.
    const before = await lastMailId(e2e.server.url, email);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('another long password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByTestId('verify-step').waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Check your inbox');
    expect(await dialog.getByTestId('verify-step').textContent()).toContain(email);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    const notice = await waitForMail(e2e.server.url, email, before);
    expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    await context.close();
  });
});
