/** /app/ai-tools: a card per image tool, then a card per video tool. */
import { ArrowRight, type LucideIcon, Video } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { TOOLS, toolCost } from '../features/tools/toolDescriptors.ts';
import { VIDEO_TOOLS, videoFormCost } from '../features/video-forms/videoForms.ts';
import { VIDEO_TOOL_ICONS } from '../features/video-forms/videoToolIcons.ts';
import { track } from '../lib/analytics/tracker.ts';

interface Card {
  slug: string;
  icon: LucideIcon;
  title: string;
  description: string;
  cost: number;
}

export function AiToolsPage() {
  const { t } = useTranslation(['aiTools', 'videoForms']);
  const imageCards: Card[] = TOOLS.map((tool) => ({
    slug: tool.slug,
    icon: tool.icon,
    title: t(`tools.${tool.slug}.title`),
    description: t(`tools.${tool.slug}.description`),
    cost: toolCost(tool, {}),
  }));
  const videoCards: Card[] = VIDEO_TOOLS.map((tool) => ({
    slug: tool.id,
    icon: VIDEO_TOOL_ICONS[tool.id] ?? Video,
    title: t(`videoForms:tools.${tool.id}.title`),
    description: t(`videoForms:tools.${tool.id}.description`),
    // Priced by the video's length: the card shows the price of a 5 s clip ("from").
    cost: videoFormCost(tool, false, tool.defaults, null),
  }));
  // §3 resource events: every tool card is shown on this page, so all are exposed with it, once
  // (the list is static; only the titles depend on the language).
  useEffect(() => {
    const slugs = [...TOOLS.map((tool) => tool.slug), ...VIDEO_TOOLS.map((tool) => tool.id)];
    slugs.forEach((slug, i) => track('resource', { action: 'expose', resource_type: 'tool', resource_id: slug, position: String(i + 1) }));
  }, []);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('index.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('index.subtitle')}</p>
      <CardGrid cards={imageCards} offset={0} costKey="index.cost" />
      <h2 className="mt-12 text-2xl font-semibold">{t('videoForms:tools.title')}</h2>
      <p className="mt-2 max-w-2xl text-muted">{t('videoForms:tools.subtitle')}</p>
      <CardGrid cards={videoCards} offset={imageCards.length} costKey="videoForms:tools.costFrom" />
    </main>
  );
}

function CardGrid({ cards, offset, costKey }: { cards: Card[]; offset: number; costKey: string }) {
  const { t } = useTranslation(['aiTools', 'videoForms']);
  const to = useLocalizedPath();
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, i) => {
        const Icon = card.icon;
        return (
          <li key={card.slug}>
            <Link
              to={to(`/app/ai-tools/${card.slug}`)}
              className="group flex h-full flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-5 transition hover:border-accent"
              data-testid={`tool-card-${card.slug}`}
              data-track={`tool-card-${card.slug}`}
              onClick={() => track('resource', { action: 'click', resource_type: 'tool', resource_id: card.slug, position: String(offset + i + 1) })}
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent/15 text-accent-fg">
                <Icon size={20} aria-hidden />
              </span>
              <span className="text-lg font-semibold">{card.title}</span>
              <span className="flex-1 text-sm text-muted">{card.description}</span>
              <span className="flex items-center justify-between text-xs text-muted">
                {t(costKey, { count: card.cost })}
                <ArrowRight size={16} aria-hidden className="text-accent-fg transition group-hover:translate-x-1 rtl:rotate-180 rtl:group-hover:-translate-x-1" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
