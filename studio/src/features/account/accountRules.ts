/** Small pure rules of the account page, kept apart from the components so they are tested alone. */
import { PASSWORD_MIN_LENGTH } from '@tessera/shared/auth/rules';

/** The delete confirmation: the typed address equals the account's, ignoring case and outer spaces (as the server does). */
export function confirmationMatches(typed: string, email: string): boolean {
  const a = typed.trim().toLowerCase();
  return a.length > 0 && a === email.trim().toLowerCase();
}

export type PasswordFormProblem = 'required' | 'tooShort' | 'mismatch' | 'same';

/** Client-side checks before a password change; the server still judges strength. */
export function passwordFormProblem(form: { current: string; next: string; confirm: string }): PasswordFormProblem | null {
  if (!form.current || !form.next || !form.confirm) return 'required';
  if (form.next.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (form.next !== form.confirm) return 'mismatch';
  if (form.next === form.current) return 'same';
  return null;
}

/** What the server's answer to a password change means for the person typing. */
export function passwordErrorKey(error: { status: number; code?: string | undefined }): string {
  if (error.status === 429 || error.code === 'TOO_MANY_REQUESTS') return 'password.errors.tooMany';
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
    case 'INVALID_PASSWORD':
      return 'password.errors.wrongCurrent';
    case 'WEAK_PASSWORD':
      return 'password.errors.weak';
    case 'PASSWORD_TOO_SHORT':
      return 'password.errors.tooShort';
    case 'PASSWORD_TOO_LONG':
      return 'password.errors.tooLong';
    default:
      return 'password.errors.failed';
  }
}
