/**
 * "Use in": opens another tool (or image-to-image) with this image preselected (`?image=`), or,
 * for a video, a video form or tool that takes a video with it preselected (`?video=<task id>`).
 */
import { ChevronDown, Wand2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { videoUseTargets } from '../video-forms/videoForms.ts';
import { TOOLS } from './toolDescriptors.ts';

/** Where an image can go next: `/app/ai-tools/<slug>?image=…` or image-to-image. */
export function toolHref(slug: string, imageUrl: string): string {
  const image = encodeURIComponent(imageUrl);
  return slug === 'image-to-image' ? `/app/ai-image?mode=image&image=${image}` : `/app/ai-tools/${slug}?image=${image}`;
}

export function UseInToolMenu({ imageUrl, exclude, size = 'sm' }: { imageUrl: string; exclude?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const targets = ['image-to-image', ...TOOLS.map((tool) => tool.slug)].filter((slug) => slug !== exclude);
  return <UseInMenu size={size} items={targets.map((slug) => ({ id: slug, label: t(`toolNames.${slug}`), href: toolHref(slug, imageUrl) }))} />;
}

/**
 * "Use in" for a video result: every form and tool that takes a video as input (the kinds with
 * video fields in shared/generation), opened with this video (a video task's id) preselected.
 */
export function VideoUseInMenu({ taskId, exclude, size = 'sm' }: { taskId: string; exclude?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('videoForms');
  const items = videoUseTargets(taskId)
    .filter((target) => target.id !== exclude)
    .map((target) => ({ id: target.id, label: t(target.labelKey), href: target.href }));
  return <UseInMenu size={size} items={items} testId="use-in-video" />;
}

function UseInMenu({ items, size, testId = 'use-in-tool' }: { items: { id: string; label: string; href: string }[]; size: 'sm' | 'md'; testId?: string }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="outline" size={size} data-testid={testId}>
          <Wand2 size={14} aria-hidden /> {t('useInTool.label')} <ChevronDown size={14} aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] min-w-52 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-2xl">
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              onSelect={() => void navigate(to(item.href))}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
              data-testid={`use-in-${item.id}`}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
