// @vitest-environment jsdom
/**
 * The account forms against a scripted server: what they send (paths, bodies, the
 * user-language header) and what they show for each answer.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import { AccountForm } from './AccountForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

interface Call {
  path: string;
  method: string;
  body: Record<string, unknown> | null;
  language: string | null;
}

// better-auth's client keeps the `fetch` it found when it was created: replace it before imports.
const server = vi.hoisted(() => {
  const state = {
    calls: [] as Call[],
    answers: new Map<string, { status: number; body: unknown }[]>(),
    session: null as unknown,
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Node's Request needs an absolute URL where the browser resolves against the page.
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost:3000'), init) : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    state.calls.push({ path: url.pathname, method: request.method, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, language: request.headers.get('user-language') });
    if (url.pathname === '/dev/mailbox') return new Response(null, { status: 200 });
    if (url.pathname.endsWith('/get-session')) return new Response(JSON.stringify(state.session), { status: 200, headers: { 'content-type': 'application/json' } });
    const queue = state.answers.get(url.pathname);
    const answer = queue?.shift() ?? { status: 200, body: { success: true } };
    // A sign-in or verification that answers a user starts a session (as the cookie would).
    const user = (answer.body as { user?: { id: string; email: string } } | null)?.user;
    if (answer.status === 200 && user && (answer.body as { token?: unknown }).token) {
      state.session = { user: { ...user, isAnonymous: false }, session: { id: 's1', userId: user.id, expiresAt: '2099-01-01T00:00:00.000Z' } };
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return state;
});

function answer(path: string, status: number, body: unknown) {
  const queue = server.answers.get(path) ?? [];
  queue.push({ status, body });
  server.answers.set(path, queue);
}

const posts = (path: string) => server.calls.filter((c) => c.path === path && c.method === 'POST');
const catalogue = (code: keyof typeof ERROR_CATALOGUE) => ({ code, message: ERROR_CATALOGUE[code].message });

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common: en }, de: { common: de } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

afterEach(async () => {
  cleanup();
  server.calls.length = 0;
  server.answers.clear();
  server.session = null;
  await i18n.changeLanguage('en');
});

// better-auth's session store lets go of the page (its storage listener) 1 s after its last
// subscriber unmounts (nanostores' STORE_UNMOUNT_DELAY): wait for it while jsdom still exists,
// or the late cleanup runs against a torn-down window and fails the run as an unhandled error.
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 1_100));
});

function renderWithClient(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('sign-up form', () => {
  it('continues to the code step, shows a wrong code, and finishes with the right one', async () => {
    const onDone = vi.fn();
    renderWithClient(<AccountForm mode="signUp" onDone={onDone} />);
    await click('Continue');
    expect(screen.getByRole('alert').textContent).toBe('Email and password are required.');
    expect(posts('/api/auth/sign-up/email')).toHaveLength(0);

    type('Email', ' ada@example.com ');
    type('Password', 'violet kettle under moonlight');
    answer('/api/auth/sign-up/email', 200, { verificationRequired: true });
    await click('Continue');
    await screen.findByTestId('verify-step');
    expect(posts('/api/auth/sign-up/email')[0]?.body).toEqual({ email: 'ada@example.com', password: 'violet kettle under moonlight', name: 'ada' });
    expect(screen.getByTestId('verify-step').textContent).toContain('ada@example.com');

    // One paste-friendly code input; resend waits for its cooldown; the dev mailbox is linked.
    const code = screen.getByLabelText('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect((screen.getByTestId('resend-code') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('resend-code').textContent).toMatch(/^Resend code \((60|59) s\)$/);
    expect((await screen.findByTestId('dev-mailbox-hint')).querySelector('a')?.getAttribute('href')).toBe('/dev/mailbox');

    type('Verification code', '12 34');
    await click('Create account');
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the e-mail.');

    type('Verification code', '123 456');
    expect((code as HTMLInputElement).value).toBe('123456');
    answer('/api/auth/email-otp/verify-email', 400, catalogue('INCORRECT_EMAIL_CODE'));
    await click('Create account');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Incorrect email code.'));
    expect(onDone).not.toHaveBeenCalled();

    answer('/api/auth/email-otp/verify-email', 200, { status: true, token: 'session-token', user: { id: 'u1', email: 'ada@example.com' } });
    await click('Create account');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('signedUp'));
    expect(posts('/api/auth/email-otp/verify-email').map((c) => c.body)).toEqual([
      { email: 'ada@example.com', otp: '123456', password: 'violet kettle under moonlight' },
      { email: 'ada@example.com', otp: '123456', password: 'violet kettle under moonlight' },
    ]);
    // The server signed the user in: no second sign-in with the password.
    expect(posts('/api/auth/sign-in/email')).toHaveLength(0);
  });

  it('back returns to the first step with the address kept', async () => {
    renderWithClient(<AccountForm mode="signUp" onDone={vi.fn()} />);
    type('Email', 'ada@example.com');
    type('Password', 'violet kettle under moonlight');
    answer('/api/auth/sign-up/email', 200, { verificationRequired: true });
    await click('Continue');
    await screen.findByTestId('verify-step');
    await click('Back');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows the server message for a refused sign-up and sends the page language', async () => {
    await i18n.changeLanguage('de');
    renderWithClient(<AccountForm mode="signUp" onDone={vi.fn()} />);
    type('E-Mail', 'ada@mailinator.com');
    type('Passwort', 'violet kettle under moonlight');
    answer('/api/auth/sign-up/email', 400, catalogue('INVALID_EMAIL'));
    await click('Weiter');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(de.auth.errors.INVALID_EMAIL));
    expect(posts('/api/auth/sign-up/email')[0]?.language).toBe('de');
  });

  it('refuses a common password before asking the server', async () => {
    renderWithClient(<AccountForm mode="signUp" onDone={vi.fn()} />);
    type('Email', 'ada@example.com');
    type('Password', 'password123');
    await waitFor(() => expect(screen.getByTestId('password-hint').textContent).toBe(ERROR_CATALOGUE.WEAK_PASSWORD.message), { timeout: 10_000 });
    await click('Continue');
    expect(screen.getByRole('alert').textContent).toBe(ERROR_CATALOGUE.WEAK_PASSWORD.message);
    expect(posts('/api/auth/sign-up/email')).toHaveLength(0);
  }, 15_000);
});

describe('log-in form', () => {
  it('offers a new code for an unverified address, then verifies and signs in', async () => {
    const onDone = vi.fn();
    renderWithClient(<AccountForm mode="logIn" onDone={onDone} />);
    type('Email', 'ada@example.com');
    type('Password', 'violet kettle under moonlight');
    answer('/api/auth/sign-in/email', 403, catalogue('EMAIL_NOT_VERIFIED'));
    await click('Log in');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Email has not been verified yet.'));

    await click('Send a new code');
    await screen.findByTestId('verify-step');
    expect(posts('/api/auth/email-otp/send-verification-otp')[0]?.body).toEqual({ email: 'ada@example.com', type: 'email-verification' });

    // A server that verifies without a session: the form signs in with the password typed.
    type('Verification code', '654321');
    answer('/api/auth/email-otp/verify-email', 200, { status: true, token: null, user: { id: 'u1', email: 'ada@example.com' } });
    answer('/api/auth/sign-in/email', 200, { token: 't', user: { id: 'u1', email: 'ada@example.com' } });
    await click('Verify and log in');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('signedIn'));
    expect(posts('/api/auth/sign-in/email').map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'violet kettle under moonlight' },
      { email: 'ada@example.com', password: 'violet kettle under moonlight' },
    ]);
  });

  it('shows "too many requests" for a throttled answer', async () => {
    renderWithClient(<AccountForm mode="logIn" onDone={vi.fn()} />);
    type('Email', 'ada@example.com');
    type('Password', 'whatever it is');
    answer('/api/auth/sign-in/email', 429, { message: 'Too many requests. Please try again later.' });
    await click('Log in');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ERROR_CATALOGUE.TOO_MANY_REQUESTS.message));
  });
});

describe('forgot-password form', () => {
  it('sends a code, checks the new password twice, resets and signs in with it', async () => {
    const onDone = vi.fn();
    renderWithClient(<ResetPasswordForm initialEmail="ada@example.com" onDone={onDone} />);
    await click('Send code');
    await screen.findByTestId('reset-code-step');
    expect(posts('/api/auth/email-otp/request-password-reset')[0]?.body).toEqual({ email: 'ada@example.com' });

    type('Verification code', '111222');
    type('New password', 'a fresh violet passphrase');
    type('Confirm new password', 'a fresh violet passphrase?');
    await click('Set new password');
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match.');

    type('Confirm new password', 'a fresh violet passphrase');
    answer('/api/auth/email-otp/reset-password', 400, catalogue('VERIFICATION_EXPIRED'));
    await click('Set new password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The verification time has expired, please resend the email.'));

    answer('/api/auth/sign-in/email', 200, { token: 't', user: { id: 'u1', email: 'ada@example.com' } });
    await click('Set new password');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts('/api/auth/email-otp/reset-password').at(-1)?.body).toEqual({ email: 'ada@example.com', otp: '111222', password: 'a fresh violet passphrase' });
    expect(posts('/api/auth/sign-in/email')[0]?.body).toEqual({ email: 'ada@example.com', password: 'a fresh violet passphrase' });
  }, 15_000);
});

describe('auth messages', () => {
  it('English texts are the §8 catalogue messages for every code the server sends', () => {
    const errors = en.auth.errors as Record<string, string>;
    for (const code of ['EMAIL_PASSWORD_REQUIRED', 'INVALID_EMAIL', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'WEAK_PASSWORD', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'INCORRECT_EMAIL_CODE', 'VERIFICATION_EXPIRED', 'TOO_MANY_REQUESTS', 'USER_NOT_FOUND'] as const) {
      expect(errors[code], code).toBe(ERROR_CATALOGUE[code].message);
    }
  });
});
