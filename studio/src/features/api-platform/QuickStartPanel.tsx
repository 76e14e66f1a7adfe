/**
 * The first call in a terminal: the base URL of this server, a curl command that starts a
 * text-to-image task with the key just created (or the shell variable), and where to go next —
 * the API reference and the MCP endpoint.
 */
import { BookOpen, Bot } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { CopyButton } from './CopyButton.tsx';
import { Panel } from './Panel.tsx';
import { curlExample, MCP_PATH } from './quickStart.ts';

export function QuickStartPanel({ secret, className }: { secret: string | null; className?: string }) {
  const { t } = useTranslation('apiPlatform');
  const to = useLocalizedPath();
  const origin = window.location.origin;
  const command = curlExample(origin, secret);
  const code = useRef<HTMLPreElement>(null);

  return (
    <Panel id="quick-start" title={t('quickStart.title')} text={t('quickStart.text')} className={className}>
      <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('quickStart.baseUrl')}</dt>
        <dd>
          <code className="break-all font-mono text-xs" dir="ltr" data-testid="api-base-url">
            {origin}/api/v1
          </code>
        </dd>
      </dl>
      <div className="mt-3 rounded-xl border border-border bg-surface-2/50">
        <pre
          ref={code}
          className="overflow-x-auto p-4 text-start font-mono text-xs leading-relaxed"
          dir="ltr"
          tabIndex={0}
          aria-label={t('quickStart.example')}
          data-testid="api-quick-start-curl"
        >
          <code>{command}</code>
        </pre>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-2">
          <p className="text-xs text-muted">{secret ? t('quickStart.keyNote') : t('quickStart.placeholderNote')}</p>
          <CopyButton text={command} fallback={code} label={t('quickStart.copyExample')} variant="ghost" />
        </div>
      </div>
      <ul className="mt-4 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-6">
        <li>
          <Link to={to('/api-platform/docs')} className="inline-flex items-center gap-1.5 text-accent-fg hover:underline" data-testid="api-docs-link">
            <BookOpen size={16} aria-hidden /> {t('quickStart.docs')}
          </Link>
        </li>
        <li className="flex items-start gap-1.5">
          <Bot size={16} aria-hidden className="mt-0.5 shrink-0 text-accent-fg" />
          <span>
            {t('quickStart.mcp')}{' '}
            <code className="break-all font-mono text-xs" dir="ltr" data-testid="api-mcp-url">
              {origin}
              {MCP_PATH}
            </code>
          </span>
        </li>
      </ul>
    </Panel>
  );
}
