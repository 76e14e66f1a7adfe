/**
 * /api: the API offering (§1, issue 19) — keys in a minute on /api-platform, one REST call to
 * start a job, signed webhooks when it ends, an MCP server for assistants, and prices in
 * api_credits (/pricing). The reference lives at /api-platform/docs.
 */
import { BookOpen, Bot, Code2, Coins, GitBranch, KeyRound, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { curlExample, KEY_PLACEHOLDER, TRIAL_CREDITS } from '../features/api-platform/quickStart.ts';
import { CARD, CtaBand, Faq, Hero, Section, Steps } from '../features/landing/landingUi.tsx';

const FEATURES = [
  { key: 'keys', icon: KeyRound },
  { key: 'rest', icon: Code2 },
  { key: 'webhooks', icon: Webhook },
  { key: 'mcp', icon: Bot },
  { key: 'credits', icon: Coins },
  { key: 'open', icon: GitBranch },
] as const;

const STEPS = ['step1', 'step2', 'step3'] as const;
const FAQ_COUNT = 6;

/** The first call, then following the task it started (the REST layout of docs/api.md). */
function example(origin: string): string {
  return `${curlExample(origin, null)}

# → {"id":"<task id>","object":"task","status":"queued","cost":4, …}

curl "${origin}/api/v1/tasks/<task id>" \\
  -H "X-API-Key: ${KEY_PLACEHOLDER}"`;
}

export function ApiPage() {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();

  return (
    <main data-testid="page-api">
      <title>{t('api.meta.title')}</title>
      <meta name="description" content={t('api.meta.description')} />

      <Hero
        badge={
          <>
            <Code2 size={14} aria-hidden className="text-accent-fg" /> {t('api.badge')}
          </>
        }
        title={t('api.title')}
        subtitle={t('api.subtitle')}
      >
        <Button asChild size="lg">
          <Link to={to('/api-platform')} data-testid="api-get-key">
            <KeyRound size={16} aria-hidden /> {t('api.getKey')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={to('/api-platform/docs')} data-testid="api-read-docs">
            <BookOpen size={16} aria-hidden /> {t('api.readDocs')}
          </Link>
        </Button>
      </Hero>

      <Section id="features" title={t('api.features.title')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className={cn(CARD, 'p-5')}>
              <Icon className="text-accent-fg" size={22} aria-hidden />
              <h3 className="mt-3 font-medium">{t(`api.features.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`api.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={t('api.how.title')}>
        <Steps steps={STEPS.map((s) => ({ title: t(`api.how.${s}.title`), text: t(`api.how.${s}.text`, { credits: TRIAL_CREDITS }) }))} />
      </Section>

      <Section id="example" title={t('api.example.title')} subtitle={t('api.example.text')}>
        <pre className={cn(CARD, 'mt-6 overflow-x-auto p-4 text-start text-xs leading-relaxed sm:text-sm')} dir="ltr" tabIndex={0} aria-label={t('api.example.caption')} data-testid="api-example">
          <code>{example(window.location.origin)}</code>
        </pre>
      </Section>

      <Section id="pricing" title={t('api.pricing.title')} subtitle={t('api.pricing.text', { credits: TRIAL_CREDITS })}>
        <Button asChild variant="outline" className="mt-6">
          <Link to={to('/pricing')}>
            <Coins size={16} aria-hidden /> {t('api.pricing.link')}
          </Link>
        </Button>
      </Section>

      <Section id="faq" title={t('faqTitle')} narrow>
        <Faq items={Array.from({ length: FAQ_COUNT }, (_, i) => ({ q: t(`api.faq.${i + 1}.q`), a: t(`api.faq.${i + 1}.a`) }))} />
      </Section>

      <CtaBand title={t('api.bottom.title')} text={t('api.bottom.text', { credits: TRIAL_CREDITS })}>
        <Button asChild size="lg">
          <Link to={to('/api-platform')}>
            <KeyRound size={16} aria-hidden /> {t('api.getKey')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={to('/api-platform/docs')}>
            <BookOpen size={16} aria-hidden /> {t('api.readDocs')}
          </Link>
        </Button>
      </CtaBand>
    </main>
  );
}
