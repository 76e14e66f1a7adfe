import { describe, expect, it } from 'vitest';
import { emailProblem } from './emailPolicy.ts';

describe('e-mail rules', () => {
  it('accepts ordinary addresses in any case', () => {
    expect(emailProblem('Someone@Example.com')).toBeNull();
    expect(emailProblem('first.last+tag@gmail.com')).toBeNull();
  });

  it('refuses malformed addresses', () => {
    expect(emailProblem('not-an-address')).toBe('invalid');
    expect(emailProblem('a@b')).toBe('invalid');
  });

  it('refuses disposable-mail domains', () => {
    expect(emailProblem('someone@mailinator.com')).toBe('disposable');
    expect(emailProblem('someone@yopmail.com')).toBe('disposable');
    expect(emailProblem('SOMEONE@10MinuteMail.com')).toBe('disposable');
  });
});
