/**
 * Turns zod issues of a console form into one message per field in the page's language (zod's
 * own messages are English). Messages a shared schema spells out itself — the slug rule — are
 * translated by key too, so nothing English leaks into other languages.
 */

/** The parts of a zod v4 issue the messages need. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function issueMessage(issue: IssueLike, t: Translate): string {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? t('form.required') : t('form.tooShort', { count: min });
      if (issue.origin === 'array') return t('form.tooFew', { count: min });
      return t('form.min', { min });
    case 'too_big':
      if (issue.origin === 'string') return t('form.tooLong', { count: max });
      if (issue.origin === 'array') return t('form.tooMany', { count: max });
      return t('form.max', { max });
    case 'invalid_format':
      return issue.path.at(-1) === 'startsAt' || issue.path.at(-1) === 'endsAt' ? t('form.date') : t('form.slug');
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' || Number.isNaN(issue.input) ? t('form.required') : t('form.invalid');
    case 'invalid_value':
      return t('form.choose');
    default:
      return t('form.invalid');
  }
}

/** One message per top-level field (`tags.2` belongs to `tags`), the first issue winning. */
export function fieldErrors(issues: readonly IssueLike[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issueMessage(issue, t);
  }
  return out;
}

