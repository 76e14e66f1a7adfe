/**
 * The e-mail account flows as small step machines (§4 sign-up steps: continue, verify, resend
 * code, back, create account). Pure reducers: the forms dispatch what the user did and what the
 * server answered; the steps, the busy flag, the problem shown in the alert region and the resend
 * cooldown follow from them.
 *
 *  account (sign-up and log-in popups, /sign-in):
 *    credentials --continue--> verify --verified--> done
 *         ^  |                   |  ^
 *         |  +--(log-in answered EMAIL_NOT_VERIFIED: "send a new code")
 *         +------- back ---------+  +-- resend (after the cooldown)
 *
 *  reset (forgot password):
 *    email --send code--> reset (code + new password + confirm) --changed--> done
 *      ^-------- back -------+  +-- resend (after the cooldown)
 */

/** Digits in a verification or reset code (the server's emailOTP otpLength). */
export const CODE_LENGTH = 6;
/** Time before "Resend code" works again; the server also limits sends per IP. */
export const RESEND_COOLDOWN_MS = 60_000;

/** What went wrong: a server error code (§8 catalogue) or a client-side check, plus the server's text. */
export interface AuthProblem {
  code: string;
  message?: string | undefined;
}

/** Client-side checks, named like the catalogue codes they stand in for where one exists. */
export const CLIENT_PROBLEMS = {
  required: { code: 'EMAIL_PASSWORD_REQUIRED' },
  emailRequired: { code: 'EMAIL_REQUIRED' },
  passwordRequired: { code: 'PASSWORD_REQUIRED' },
  code: { code: 'CODE_REQUIRED' },
  mismatch: { code: 'PASSWORD_MISMATCH' },
} as const satisfies Record<string, AuthProblem>;

/** Keeps the digits of what was typed or pasted ("123 456", "123-456"), at most CODE_LENGTH. */
export function normalizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** Seconds until a resend is allowed (0 = now). */
export function resendSecondsLeft(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

// ---------------------------------------------------------------------------------------------
// Sign-up / log-in / verify

export type AccountMode = 'signUp' | 'logIn';

export interface AccountState {
  mode: AccountMode;
  step: 'credentials' | 'verify' | 'done';
  email: string;
  password: string;
  code: string;
  busy: boolean;
  problem: AuthProblem | null;
  /** Log-in answered "Email has not been verified yet.": offer to send a new code. */
  unverified: boolean;
  /** Epoch ms from which "Resend code" is enabled. */
  resendAt: number;
  /** Set after a resend: the verify step says a new code is on its way. */
  resent: boolean;
}

export type AccountEvent =
  | { type: 'edit'; field: 'email' | 'password' | 'code'; value: string }
  | { type: 'start' }
  | { type: 'failed'; problem: AuthProblem }
  /** A code was mailed (sign-up accepted, or a send/resend answered): go to (or stay on) verify. */
  | { type: 'codeSent'; now: number; resend?: boolean }
  | { type: 'back' }
  | { type: 'verified' };

export function initialAccountState(mode: AccountMode, email = ''): AccountState {
  return { mode, step: 'credentials', email, password: '', code: '', busy: false, problem: null, unverified: false, resendAt: 0, resent: false };
}

export function accountReducer(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'edit': {
      const value = event.field === 'code' ? normalizeCode(event.value) : event.value;
      // Editing the address or password after "not verified" makes that answer stale.
      const unverified = event.field === 'code' ? state.unverified : false;
      return { ...state, [event.field]: value, unverified };
    }
    case 'start':
      return { ...state, busy: true, problem: null };
    case 'failed':
      return {
        ...state,
        busy: false,
        problem: event.problem,
        unverified: state.step === 'credentials' && state.mode === 'logIn' && event.problem.code === 'EMAIL_NOT_VERIFIED',
      };
    case 'codeSent':
      return {
        ...state,
        step: 'verify',
        busy: false,
        problem: null,
        unverified: false,
        code: event.resend ? state.code : '',
        resendAt: event.now + RESEND_COOLDOWN_MS,
        resent: Boolean(event.resend),
      };
    case 'back':
      // §4 "back": to the first step with the address kept; the code and password start over.
      return { ...initialAccountState(state.mode, state.email), resendAt: state.resendAt };
    case 'verified':
      return { ...state, step: 'done', busy: false, problem: null };
  }
}

/** Client-side check before a submit on the current step; null = send it to the server. */
export function accountProblem(state: AccountState): AuthProblem | null {
  if (state.step === 'credentials') return !state.email.trim() || !state.password ? CLIENT_PROBLEMS.required : null;
  if (state.step === 'verify') return state.code.length !== CODE_LENGTH ? CLIENT_PROBLEMS.code : null;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Forgot password

export interface ResetState {
  step: 'email' | 'reset' | 'done';
  email: string;
  code: string;
  password: string;
  confirm: string;
  busy: boolean;
  problem: AuthProblem | null;
  resendAt: number;
  resent: boolean;
}

export type ResetEvent =
  | { type: 'edit'; field: 'email' | 'code' | 'password' | 'confirm'; value: string }
  | { type: 'start' }
  | { type: 'failed'; problem: AuthProblem }
  | { type: 'codeSent'; now: number; resend?: boolean }
  | { type: 'back' }
  | { type: 'changed' };

export function initialResetState(email = ''): ResetState {
  return { step: 'email', email, code: '', password: '', confirm: '', busy: false, problem: null, resendAt: 0, resent: false };
}

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  switch (event.type) {
    case 'edit':
      return { ...state, [event.field]: event.field === 'code' ? normalizeCode(event.value) : event.value };
    case 'start':
      return { ...state, busy: true, problem: null };
    case 'failed':
      return { ...state, busy: false, problem: event.problem };
    case 'codeSent':
      return {
        ...state,
        step: 'reset',
        busy: false,
        problem: null,
        code: event.resend ? state.code : '',
        resendAt: event.now + RESEND_COOLDOWN_MS,
        resent: Boolean(event.resend),
      };
    case 'back':
      return { ...initialResetState(state.email), resendAt: state.resendAt };
    case 'changed':
      return { ...state, step: 'done', busy: false, problem: null };
  }
}

export function resetProblem(state: ResetState): AuthProblem | null {
  if (state.step === 'email') return state.email.trim() ? null : CLIENT_PROBLEMS.emailRequired;
  if (state.step === 'reset') {
    if (state.code.length !== CODE_LENGTH) return CLIENT_PROBLEMS.code;
    if (!state.password) return CLIENT_PROBLEMS.passwordRequired;
    if (state.password !== state.confirm) return CLIENT_PROBLEMS.mismatch;
  }
  return null;
}
