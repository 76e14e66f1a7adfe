import { describe, expect, it } from 'vitest';
import {
  accountProblem,
  accountReducer,
  initialAccountState,
  initialResetState,
  normalizeCode,
  RESEND_COOLDOWN_MS,
  resendSecondsLeft,
  resetProblem,
  resetReducer,
} from './authFlows.ts';

const NOW = 1_700_000_000_000;

describe('account step machine (§4: continue, verify, resend code, back, create account)', () => {
  it('sign-up: credentials → verify after the server accepts, keeping the address', () => {
    let s = initialAccountState('signUp');
    expect(accountProblem(s)).toEqual({ code: 'EMAIL_PASSWORD_REQUIRED' });
    s = accountReducer(s, { type: 'edit', field: 'email', value: 'ada@example.com' });
    s = accountReducer(s, { type: 'edit', field: 'password', value: 'correct horse battery' });
    expect(accountProblem(s)).toBeNull();
    s = accountReducer(s, { type: 'start' });
    expect(s.busy).toBe(true);
    s = accountReducer(s, { type: 'codeSent', now: NOW });
    expect(s).toMatchObject({ step: 'verify', busy: false, email: 'ada@example.com', code: '', resendAt: NOW + RESEND_COOLDOWN_MS, resent: false });
    // On the verify step only a complete code goes to the server.
    expect(accountProblem(s)).toEqual({ code: 'CODE_REQUIRED' });
    s = accountReducer(s, { type: 'edit', field: 'code', value: '12345' });
    expect(accountProblem(s)).toEqual({ code: 'CODE_REQUIRED' });
    s = accountReducer(s, { type: 'edit', field: 'code', value: '123456' });
    expect(accountProblem(s)).toBeNull();
  });

  it('shows the server problem and stays on the step; a later success clears it', () => {
    let s = accountReducer(initialAccountState('signUp', 'ada@example.com'), { type: 'codeSent', now: NOW });
    s = accountReducer(s, { type: 'edit', field: 'code', value: '000000' });
    s = accountReducer(s, { type: 'start' });
    s = accountReducer(s, { type: 'failed', problem: { code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' } });
    expect(s).toMatchObject({ step: 'verify', busy: false, problem: { code: 'INCORRECT_EMAIL_CODE' }, code: '000000' });
    s = accountReducer(s, { type: 'start' });
    expect(s.problem).toBeNull();
    s = accountReducer(s, { type: 'verified' });
    expect(s.step).toBe('done');
  });

  it('resend keeps the typed code, restarts the cooldown and says a new code is coming', () => {
    let s = accountReducer(initialAccountState('signUp', 'ada@example.com'), { type: 'codeSent', now: NOW });
    s = accountReducer(s, { type: 'edit', field: 'code', value: '12' });
    s = accountReducer(s, { type: 'codeSent', now: NOW + 61_000, resend: true });
    expect(s).toMatchObject({ step: 'verify', code: '12', resendAt: NOW + 61_000 + RESEND_COOLDOWN_MS, resent: true });
  });

  it('back returns to the first step with the address kept and the password and code cleared', () => {
    let s = initialAccountState('signUp');
    s = accountReducer(s, { type: 'edit', field: 'email', value: 'ada@example.com' });
    s = accountReducer(s, { type: 'edit', field: 'password', value: 'correct horse battery' });
    s = accountReducer(s, { type: 'codeSent', now: NOW });
    s = accountReducer(s, { type: 'edit', field: 'code', value: '123' });
    s = accountReducer(s, { type: 'failed', problem: { code: 'INCORRECT_EMAIL_CODE' } });
    s = accountReducer(s, { type: 'back' });
    expect(s).toMatchObject({ step: 'credentials', email: 'ada@example.com', password: '', code: '', problem: null, mode: 'signUp' });
  });

  it('log-in: "not verified" offers a new code, which leads to the verify step', () => {
    let s = initialAccountState('logIn', 'ada@example.com');
    s = accountReducer(s, { type: 'edit', field: 'password', value: 'correct horse battery' });
    s = accountReducer(s, { type: 'failed', problem: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(s.unverified).toBe(true);
    // Another answer, or editing the address, withdraws the offer.
    expect(accountReducer(s, { type: 'failed', problem: { code: 'INVALID_CREDENTIALS' } }).unverified).toBe(false);
    expect(accountReducer(s, { type: 'edit', field: 'email', value: 'bob@example.com' }).unverified).toBe(false);
    s = accountReducer(s, { type: 'codeSent', now: NOW });
    expect(s).toMatchObject({ step: 'verify', unverified: false, password: 'correct horse battery', problem: null });
  });

  it('sign-up never offers "send a new code" (it would reveal nothing new, but the flow already sent one)', () => {
    const s = accountReducer(initialAccountState('signUp'), { type: 'failed', problem: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(s.unverified).toBe(false);
  });
});

describe('code input', () => {
  it('keeps the digits of a pasted code, at most six', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode(' 123-456\n')).toBe('123456');
    expect(normalizeCode('Your code: 987654321')).toBe('987654');
    expect(normalizeCode('abc')).toBe('');
    expect(accountReducer(initialAccountState('signUp'), { type: 'edit', field: 'code', value: '12 34 56' }).code).toBe('123456');
  });

  it('counts the resend cooldown down in whole seconds', () => {
    expect(resendSecondsLeft(NOW + RESEND_COOLDOWN_MS, NOW)).toBe(60);
    expect(resendSecondsLeft(NOW + RESEND_COOLDOWN_MS, NOW + 59_001)).toBe(1);
    expect(resendSecondsLeft(NOW + RESEND_COOLDOWN_MS, NOW + 60_000)).toBe(0);
    expect(resendSecondsLeft(0, NOW)).toBe(0);
  });
});

describe('forgot-password step machine', () => {
  it('e-mail → code + new password → changed', () => {
    let s = initialResetState('');
    expect(resetProblem(s)).toEqual({ code: 'EMAIL_REQUIRED' });
    s = resetReducer(s, { type: 'edit', field: 'email', value: 'ada@example.com' });
    expect(resetProblem(s)).toBeNull();
    s = resetReducer(s, { type: 'codeSent', now: NOW });
    expect(s).toMatchObject({ step: 'reset', resendAt: NOW + RESEND_COOLDOWN_MS });
    expect(resetProblem(s)).toEqual({ code: 'CODE_REQUIRED' });
    s = resetReducer(s, { type: 'edit', field: 'code', value: '654 321' });
    expect(resetProblem(s)).toEqual({ code: 'PASSWORD_REQUIRED' });
    s = resetReducer(s, { type: 'edit', field: 'password', value: 'a brand new passphrase' });
    s = resetReducer(s, { type: 'edit', field: 'confirm', value: 'a brand new passphrase!' });
    expect(resetProblem(s)).toEqual({ code: 'PASSWORD_MISMATCH' });
    s = resetReducer(s, { type: 'edit', field: 'confirm', value: 'a brand new passphrase' });
    expect(resetProblem(s)).toBeNull();
    s = resetReducer(s, { type: 'start' });
    s = resetReducer(s, { type: 'failed', problem: { code: 'VERIFICATION_EXPIRED' } });
    expect(s).toMatchObject({ step: 'reset', busy: false, problem: { code: 'VERIFICATION_EXPIRED' } });
    s = resetReducer(s, { type: 'changed' });
    expect(s.step).toBe('done');
  });

  it('back keeps the address and forgets the code and passwords', () => {
    let s = resetReducer(initialResetState('ada@example.com'), { type: 'codeSent', now: NOW });
    s = resetReducer(s, { type: 'edit', field: 'code', value: '111111' });
    s = resetReducer(s, { type: 'edit', field: 'password', value: 'x' });
    s = resetReducer(s, { type: 'back' });
    expect(s).toMatchObject({ step: 'email', email: 'ada@example.com', code: '', password: '', confirm: '' });
  });
});
