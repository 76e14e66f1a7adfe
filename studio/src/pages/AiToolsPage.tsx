/** /app/ai-tools: a card per image tool. */
import { ArrowRight } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { TOOLS, toolCost } from '../features/tools/toolDescriptors.ts';
import { track } from '../lib/analytics/tracker.ts';

export function AiToolsPage() {
  const { t } = useTranslation('aiTools');
  const to = useLocalizedPath();
  // §3 resource events: every tool card is shown on this page, so all are exposed with it.
  useEffect(() => {
    TOOLS.forEach((tool, i) => track('resource', { action: 'expose', resource_type: 'tool', resource_id: tool.slug, position: String(i + 1) }));
  }, []);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('index.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('index.subtitle')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map((tool, i) => {
          const Icon = tool.icon;
          return (
            <li key={tool.slug}>
              <Link
                to={to(`/app/ai-tools/${tool.slug}`)}
                className="group flex h-full flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-5 transition hover:border-accent"
                data-testid={`tool-card-${tool.slug}`}
                data-track={`tool-card-${tool.slug}`}
                onClick={() => track('resource', { action: 'click', resource_type: 'tool', resource_id: tool.slug, position: String(i + 1) })}
              >
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent/15 text-accent-fg">
                  <Icon size={20} aria-hidden />
                </span>
                <span className="text-lg font-semibold">{t(`tools.${tool.slug}.title`)}</span>
                <span className="flex-1 text-sm text-muted">{t(`tools.${tool.slug}.description`)}</span>
                <span className="flex items-center justify-between text-xs text-muted">
                  {t('index.cost', { count: toolCost(tool, {}) })}
                  <ArrowRight size={16} aria-hidden className="text-accent-fg transition group-hover:translate-x-1 rtl:rotate-180 rtl:group-hover:-translate-x-1" />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
