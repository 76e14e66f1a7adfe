/** Where "Remix" on a piece of content leads: the easy-mode form that made it, prefilled where its page reads the URL. */
import type { ContentDetail } from '@tessera/shared/feed';
import { toolForKind } from '../tools/toolDescriptors.ts';

const IMAGE_MODES: Readonly<Record<string, 'text' | 'image'>> = { text_to_image: 'text', image_to_image: 'image' };

/** Template kinds open their effect page; product photos and fittings are photo templates too (shared/catalog TEMPLATE_KIND). */
const TEMPLATE_PAGES: Readonly<Record<string, string>> = {
  photo_effect: '/photo-effects',
  product_photo: '/photo-effects',
  model_fitting: '/photo-effects',
  video_effect: '/video-effects',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The AI image page takes `prompt`, `mode` and `lora`; tool and effect pages start from their
 * slug (the server strips image references from `remix.params`). Null when the content is
 * copy-protected (`remix` is null) or its kind has no form.
 */
export function remixPath(remix: ContentDetail['remix']): string | null {
  if (!remix) return null;
  const { kind, params } = remix;
  const mode = IMAGE_MODES[kind];
  if (mode) {
    const search = new URLSearchParams();
    const prompt = text(params.prompt);
    if (prompt) search.set('prompt', prompt);
    search.set('mode', mode);
    const lora = text(params.loraId);
    if (mode === 'text' && lora) search.set('lora', lora);
    return `/app/ai-image?${search.toString()}`;
  }
  const templatePage = TEMPLATE_PAGES[kind];
  if (templatePage) {
    const templateId = text(params.templateId);
    return templateId ? `${templatePage}/${encodeURIComponent(templateId)}` : templatePage;
  }
  const tool = toolForKind(kind);
  return tool ? `/app/ai-tools/${tool.slug}` : null;
}
