// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import flows from '../../locales/en/flows.json';
import { templateTypesOf, TemplateSelect } from './TemplateSelect.tsx';

const templates = vi.fn();
vi.mock('../../lib/trpc.ts', () => ({
  useTRPC: () => ({ catalog: { templates: { queryOptions: (input: unknown) => ({ queryKey: ['catalog.templates', input], queryFn: () => templates(input) }) } } }),
}));
afterEach(cleanup);

const template = (id: string, name: string, pro = false) => ({ id, name, pro, type: 'video_effect', previewUrl: `/api/catalog/templates/${id}/preview`, previewMediaType: 'video' });

async function mount(value: string | undefined, onChange = vi.fn()) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { flows } }, defaultNS: 'flows', showSupportNotice: false } as Parameters<typeof i18n.init>[0]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <TemplateSelect id="t" kind="video_effect" value={value} disabled={false} className="" onChange={onChange} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

describe('the template of a template step', () => {
  it('reads the template types of each kind from the catalogue', () => {
    expect(templateTypesOf('video_effect')).toEqual(['video_effect', 'pro_effect']);
    expect(templateTypesOf('photo_effect')).toEqual(['photo_effect', 'image_template']);
    expect(templateTypesOf('product_photo')).toEqual(['product_photo']);
  });

  it('offers the catalogue’s templates of the kind by name, and sets the chosen id', async () => {
    templates.mockResolvedValue({ items: [template('dolly-zoom', 'Dolly zoom'), template('earth-zoom', 'Earth zoom', true)] });
    const onChange = await mount(undefined);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(templates).toHaveBeenCalledWith({ types: ['video_effect', 'pro_effect'], limit: 60 });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Dolly zoom', 'Earth zoom · PRO']);
    fireEvent.change(screen.getByTestId('flow-setting-templateId'), { target: { value: 'earth-zoom' } });
    expect(onChange).toHaveBeenCalledWith('earth-zoom');
  });

  it('keeps a template no longer listed, by id, and says when the kind has none', async () => {
    templates.mockResolvedValue({ items: [] });
    await mount('retired-effect');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No templates of this kind are offered', 'retired-effect']));
    expect((screen.getByTestId('flow-setting-templateId') as HTMLSelectElement).value).toBe('retired-effect');
  });
});
