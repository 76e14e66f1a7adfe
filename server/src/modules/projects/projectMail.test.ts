import { describe, expect, it } from 'vitest';
import { renderProjectInviteMail } from './projectMail.ts';

const base = { to: 'b@example.com', inviter: 'Ana', project: 'Spring', role: 'editor' as const, url: 'https://tessera.dev/app/projects/join/abc', language: 'en' as const };

describe('project invite mail', () => {
  it('names the project, the inviter and the role, with the join link in text and HTML', () => {
    const mail = renderProjectInviteMail(base);
    expect(mail).toMatchObject({ to: 'b@example.com', subject: 'Ana invited you to “Spring” on Tessera' });
    expect(mail.text).toContain('https://tessera.dev/app/projects/join/abc');
    expect(mail.text).toContain('edit the canvas');
    expect(mail.html).toContain('href="https://tessera.dev/app/projects/join/abc"');
    expect(renderProjectInviteMail({ ...base, role: 'viewer' }).text).toContain('view the canvas');
  });

  it('keeps user-chosen names on one line, literal and escaped', () => {
    const mail = renderProjectInviteMail({ ...base, inviter: 'Eve $& <script>', project: 'Line\r\nBcc: x@evil.test' });
    expect(mail.subject).toBe('Eve $& <script> invited you to “Line Bcc: x@evil.test” on Tessera');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve $&amp; &lt;script&gt;');
  });

  it('falls back to English for a language without its own strings yet', () => {
    expect(renderProjectInviteMail({ ...base, language: 'de' }).subject).toBe('Ana invited you to “Spring” on Tessera');
  });
});
