/** "Use as input": opens another tool (or image-to-image) with this image preselected (`?image=`). */
import { ChevronDown, Wand2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TOOLS } from './toolDescriptors.ts';

/** Where an image can go next: `/app/ai-tools/<slug>?image=…` or image-to-image. */
export function toolHref(slug: string, imageUrl: string): string {
  const image = encodeURIComponent(imageUrl);
  return slug === 'image-to-image' ? `/app/ai-image?mode=image&image=${image}` : `/app/ai-tools/${slug}?image=${image}`;
}

export function UseInToolMenu({ imageUrl, exclude, size = 'sm' }: { imageUrl: string; exclude?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const targets = ['image-to-image', ...TOOLS.map((tool) => tool.slug)].filter((slug) => slug !== exclude);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="outline" size={size} data-testid="use-in-tool">
          <Wand2 size={14} aria-hidden /> {t('useInTool.label')} <ChevronDown size={14} aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-xl border border-border bg-surface p-1 shadow-2xl">
          {targets.map((slug) => (
            <DropdownMenu.Item
              key={slug}
              onSelect={() => void navigate(to(toolHref(slug, imageUrl)))}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
            >
              {t(`toolNames.${slug}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
