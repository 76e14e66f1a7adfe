/**
 * The interactive API reference: the server's OpenAPI document rendered by RapiDoc (MIT, a web
 * component, so no React peer range; ~209 KB gzipped, no eval, fonts optional, x-codeSamples and
 * "try" built in — Scalar needs Node 22, eval and its font CDN, Swagger UI is twice the size and
 * shows no x-codeSamples without a plugin). Loaded only by /api-platform/docs — the
 * component and RapiDoc come in their own chunks. It runs under the studio's CSP unchanged:
 * no CDN fonts (`load-fonts="false"`, our own font stacks), no eval, requests only to this
 * origin. "Try" sends the key pasted here (never the session cookie) in `X-API-Key`, and each
 * operation shows the server's `x-codeSamples` (curl, JavaScript).
 */
import { API_KEY_HEADER } from '@tessera/shared/api';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Input, Label } from '../../components/ui/Input.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { fetchOpenApiDocument, OPENAPI_URL, type OpenApiDocument } from './openApiDocument.ts';
import { LoadFailed } from './Panel.tsx';

/** RapiDoc's element: attributes configure it; `loadSpec` takes a parsed document. */
interface RapiDocElement extends HTMLElement {
  loadSpec(spec: object | string): Promise<void>;
}

/** The studio's palette and fonts (styles.css), so the reference looks like the rest of the site. */
const RAPIDOC_ATTRIBUTES: Record<string, string> = {
  theme: 'dark',
  'bg-color': '#14141f',
  'text-color': '#f4f4f8',
  'header-color': '#0b0b12',
  'primary-color': '#a78bfa',
  'nav-bg-color': '#0b0b12',
  'nav-text-color': '#a1a1b5',
  'nav-hover-bg-color': '#1c1c2a',
  'nav-accent-color': '#a78bfa',
  'regular-font': "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  'mono-font': "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  // Fonts would come from fonts.gstatic.com, which our CSP (font-src 'self' data:) refuses.
  'load-fonts': 'false',
  'render-style': 'read',
  'show-header': 'false',
  'allow-spec-url-load': 'false',
  'allow-spec-file-load': 'false',
  'allow-server-selection': 'false',
  // The key comes from our own field below (api-key-*), applied to every operation.
  'allow-authentication': 'false',
  'persist-auth': 'false',
  'allow-try': 'true',
  'fetch-credentials': 'omit',
  // The studio's router owns the URL.
  'update-route': 'false',
  'api-key-name': API_KEY_HEADER,
  'api-key-location': 'header',
  // RapiDoc's "no key" value.
  'api-key-value': '-',
};

export default function ApiReference() {
  const { t } = useTranslation('apiPlatform');
  const to = useLocalizedPath();
  const keyId = useId();
  const [apiKey, setApiKey] = useState('');
  const spec = useQuery({ queryKey: ['api-platform', OPENAPI_URL], queryFn: () => fetchOpenApiDocument(), staleTime: 5 * 60_000, retry: 1, meta: { skipError: true } });

  return (
    <div className="mt-8 flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={keyId}>{t('docs.keyLabel')}</Label>
          <Input
            id={keyId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value.trim())}
            placeholder="tsk_…"
            aria-describedby={`${keyId}-hint`}
            className="font-mono"
            data-testid="api-docs-key"
          />
          <p id={`${keyId}-hint`} className="text-xs text-muted">
            {t('docs.keyHint')}
          </p>
        </div>
        <Link to={to('/api-platform')} className="inline-flex items-center gap-1.5 text-sm text-accent-fg hover:underline sm:mb-6">
          <KeyRound size={14} aria-hidden /> {t('docs.dashboard')}
        </Link>
      </div>
      {spec.isPending ? (
        <div className="flex min-h-[40vh] items-center justify-center">
          <Spinner label={t('docs.loading')} />
        </div>
      ) : spec.isError ? (
        <LoadFailed text={t('docs.failed')} retryLabel={t('retry')} retrying={spec.isFetching} onRetry={() => void spec.refetch()} />
      ) : (
        <Renderer spec={spec.data} apiKey={apiKey} />
      )}
    </div>
  );
}

function Renderer({ spec, apiKey }: { spec: OpenApiDocument; apiKey: string }) {
  const { t } = useTranslation('apiPlatform');
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<RapiDocElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let el: RapiDocElement | null = null;
    import('rapidoc')
      .then(() => {
        if (cancelled || !host.current) return;
        el = document.createElement('rapi-doc') as RapiDocElement;
        for (const [name, value] of Object.entries(RAPIDOC_ATTRIBUTES)) el.setAttribute(name, value);
        const origin = window.location.origin;
        el.setAttribute('server-url', origin);
        el.setAttribute('default-api-server', origin);
        el.style.height = '100%';
        el.style.width = '100%';
        el.addEventListener('spec-loaded', () => setState('ready'));
        host.current.append(el);
        element.current = el;
        void el.loadSpec(structuredClone(spec));
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      el?.remove();
      element.current = null;
    };
  }, [spec]);

  // Typed after the reference loaded, or before: RapiDoc reads the attribute either way.
  useEffect(() => {
    element.current?.setAttribute('api-key-value', apiKey || '-');
  }, [apiKey, state]);

  if (state === 'failed') return <LoadFailed text={t('docs.failed')} retryLabel={t('retry')} onRetry={() => window.location.reload()} />;
  return (
    <div className="relative h-[80vh] min-h-[560px] overflow-hidden rounded-[var(--radius-card)] border border-border" data-testid="api-reference" data-state={state}>
      {state === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center bg-surface">
          <Spinner label={t('docs.loading')} />
        </div>
      )}
      <div ref={host} className="h-full w-full" />
    </div>
  );
}
