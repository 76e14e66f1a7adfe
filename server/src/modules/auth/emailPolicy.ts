/**
 * Which e-mail addresses may sign up (§5 "Disposable e-mail addresses rejected"): a valid
 * address whose domain is not a known disposable-mail service (mailchecker's maintained list).
 */
import { isValid as isDeliverableAddress } from 'mailchecker';
import { z } from 'zod';

export function emailProblem(email: string): 'invalid' | 'disposable' | null {
  const normalized = email.trim().toLowerCase();
  if (!z.email().safeParse(normalized).success) return 'invalid';
  return isDeliverableAddress(normalized) ? null : 'disposable';
}
