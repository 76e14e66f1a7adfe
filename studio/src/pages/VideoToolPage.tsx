/**
 * A video tool's page (/app/ai-tools/<slug>, /app/tool/<slug>): AiToolPage renders it for the
 * slugs of VIDEO_TOOLS. The header matches the image tools'; the form is the shared video form.
 */
import { ArrowLeft, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { VideoKindForm } from '../features/video-forms/VideoKindForm.tsx';
import type { VideoFormSpec } from '../features/video-forms/videoForms.ts';
import { VIDEO_TOOL_ICONS } from '../features/video-forms/videoToolIcons.ts';

export function VideoToolPage({ tool }: { tool: VideoFormSpec }) {
  const { t } = useTranslation(['videoForms', 'aiTools']);
  const to = useLocalizedPath();
  const title = t(`tools.${tool.id}.title`);
  const Icon = VIDEO_TOOL_ICONS[tool.id] ?? Video;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-video-tool" data-tool={tool.id}>
      <title>{`${title} · Tessera`}</title>
      <Link to={to('/app/ai-tools')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
        <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('aiTools:index.title')}
      </Link>
      <h1 className="mt-3 flex items-center gap-3 text-3xl font-bold">
        <Icon className="text-accent-fg" aria-hidden /> {title}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t(`tools.${tool.id}.description`)}</p>
      <GuestGate>
        <VideoKindForm key={tool.id} spec={tool} />
      </GuestGate>
    </main>
  );
}
