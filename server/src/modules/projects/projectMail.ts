/**
 * The "you were invited to a project" e-mail, as plain text and HTML. English strings for now;
 * other languages fall back to English until translators add theirs (the auth mails in
 * mail/mailTemplates.ts show the shape). Everything interpolated into HTML is escaped.
 */
import { getLanguage, type LanguageCode } from '@tessera/shared/i18n';
import type { InviteRole } from '@tessera/shared/projects';
import type { MailMessage } from '../mail/mail.ts';
import { escapeHtml } from '../mail/mailTemplates.ts';

interface ProjectMailStrings {
  /** `{inviter}` and `{project}` are replaced. */
  subject: string;
  intro: string;
  roles: Record<InviteRole, string>;
  action: string;
  account: string;
  ignore: string;
}

/** English is the fallback for every language without strings of its own. */
export const PROJECT_MAIL_STRINGS: Partial<Record<LanguageCode, ProjectMailStrings>> & { en: ProjectMailStrings } = {
  en: {
    subject: '{inviter} invited you to “{project}” on Tessera',
    intro: '{inviter} invited you to the Tessera project “{project}”.',
    roles: {
      editor: 'You can edit the canvas and generate images and videos on it.',
      viewer: 'You can view the canvas and follow the work live.',
    },
    action: 'Open this link to join:',
    account: 'Sign in, or sign up, with this e-mail address to accept the invite.',
    ignore: 'If you were not expecting this, you can ignore this e-mail.',
  },
};

export interface ProjectInviteMail {
  to: string;
  inviter: string;
  project: string;
  role: InviteRole;
  /** Absolute join link. */
  url: string;
  language: LanguageCode;
}

export function renderProjectInviteMail(mail: ProjectInviteMail): MailMessage {
  const s = PROJECT_MAIL_STRINGS[mail.language] ?? PROJECT_MAIL_STRINGS.en;
  const { dir, bcp47 } = getLanguage(mail.language);
  // Names are user input: no line breaks in a subject header, and replaced by a function so a
  // `$&` in a name stays literal.
  const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
  const fill = (template: string) => template.replaceAll('{inviter}', () => oneLine(mail.inviter)).replaceAll('{project}', () => oneLine(mail.project));
  const subject = fill(s.subject);
  const intro = fill(s.intro);
  const text = [intro, s.roles[mail.role], `${s.action}\n${mail.url}`, s.account, s.ignore].join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="${escapeHtml(bcp47)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(s.roles[mail.role])}</p>` +
    `<p>${escapeHtml(s.action)}<br><a href="${escapeHtml(mail.url)}">${escapeHtml(mail.url)}</a></p>` +
    `<p>${escapeHtml(s.account)}</p><p>${escapeHtml(s.ignore)}</p>` +
    `</body></html>`;
  return { to: mail.to, subject, text, html };
}
