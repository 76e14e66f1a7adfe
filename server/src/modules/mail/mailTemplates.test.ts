import { LANGUAGE_CODES } from '@tessera/shared/i18n';
import { describe, expect, it } from 'vitest';
import { AUTH_MAIL_STRINGS, escapeHtml, renderAuthMail } from './mailTemplates.ts';

describe('auth mail templates', () => {
  it('has every string in every studio language, translated', () => {
    const keys = Object.keys(AUTH_MAIL_STRINGS.en);
    for (const code of LANGUAGE_CODES) {
      const strings = AUTH_MAIL_STRINGS[code];
      expect(Object.keys(strings).sort(), code).toEqual([...keys].sort());
      for (const [key, value] of Object.entries(strings)) expect(value.trim(), `${code}.${key}`).not.toBe('');
      expect(strings.expires, code).toContain('{minutes}');
      if (code !== 'en') expect(strings.verifySubject, code).not.toBe(AUTH_MAIL_STRINGS.en.verifySubject);
    }
  });

  it('puts the code and the lifetime in both the text and the HTML', () => {
    const mail = renderAuthMail({ kind: 'verification-code', code: '042917', minutes: 10 }, 'fr', 'a@example.com');
    expect(mail).toMatchObject({ to: 'a@example.com', subject: 'Votre code de vérification Tessera' });
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('042917');
    expect(mail.html).toContain('lang="fr"');
  });

  it('writes Arabic right to left and escapes HTML in every string', () => {
    expect(renderAuthMail({ kind: 'existing-account' }, 'ar', 'a@example.com').html).toContain('dir="rtl"');
    const mail = renderAuthMail({ kind: 'password-reset-code', code: '<b>&"1', minutes: 10 }, 'en', 'a@example.com');
    expect(mail.html).not.toContain('<b>&"1');
    expect(mail.html).toContain('&lt;b&gt;&amp;&quot;1');
    expect(escapeHtml(`<script>alert('x')</script>`)).toBe('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
  });

  it('never puts a code in the existing-account notice', () => {
    const mail = renderAuthMail({ kind: 'existing-account' }, 'en', 'a@example.com');
    expect(mail.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(mail.text).not.toMatch(/\d{6}/);
  });
});
