import { zCategoryInput, zSpecialTopicInput, zTemplateInput } from '@tessera/shared/catalog';
import { describe, expect, it } from 'vitest';
import { fieldErrors, type IssueLike } from './formIssues.ts';

// Echoes the key and options so the test sees which message was chosen.
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const errorsOf = (result: { success: boolean; error?: { issues: IssueLike[] } }) => fieldErrors(result.error?.issues ?? [], t);

describe('catalogue form issues', () => {
  it('gives one translated message per field of the real catalogue schemas', () => {
    const result = zTemplateInput.safeParse({ id: 'Bad Id', type: 'nope', categoryId: 'ok-cat', name: '', recipe: 'zoom-in', cost: -1, tags: ['x'.repeat(25)] });
    expect(errorsOf(result)).toEqual({
      id: 'form.slug',
      type: 'form.choose',
      name: 'form.required',
      cost: 'form.min {"min":0}',
      tags: 'form.tooLong {"count":24}',
    });
  });

  it('tells missing from malformed values and names lengths and dates', () => {
    expect(errorsOf(zCategoryInput.safeParse({ id: 'a', type: 'photo_effect', name: 'A', sortOrder: Number.NaN }))).toEqual({
      id: 'form.tooShort {"count":2}',
      sortOrder: 'form.required',
    });
    expect(errorsOf(zSpecialTopicInput.safeParse({ id: 'summer', title: 'Summer', startsAt: 'soon', templateIds: Array.from({ length: 101 }, (_, i) => `t-${i}`) }))).toEqual({
      startsAt: 'form.date',
      templateIds: 'form.tooMany {"count":100}',
    });
  });
});
