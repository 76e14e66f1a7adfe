/**
 * /api: the API offering (§2). What exists today is the studio's own typed RPC API at
 * /api/trpc, authenticated by session and billed with the same credits; there are no API keys
 * yet, and the page says so.
 */
import { Code2, Coins, GitBranch, ListChecks, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { CARD, CtaBand, Faq, Hero, Note, Section, Steps } from '../features/landing/landingUi.tsx';
import { SUPPORT_EMAIL } from '../lib/site.ts';

const FEATURES = [
  { key: 'rpc', icon: Code2 },
  { key: 'credits', icon: Coins },
  { key: 'tasks', icon: ListChecks },
  { key: 'open', icon: GitBranch },
] as const;

const STEPS = ['step1', 'step2', 'step3'] as const;
const FAQ_COUNT = 4;

/** A real request against this server's router (no transformer: the body is the raw input). */
const EXAMPLE = `curl -X POST "$TESSERA_URL/api/trpc/text2Image.create" \\
  -H "content-type: application/json" \\
  -b "$SESSION_COOKIE" \\
  -d '{"prompt":"A lighthouse at dusk, warm orange sky","aspectRatio":"16:9"}'

# → {"result":{"data":{"id":"<task id>", …}}}

curl -G "$TESSERA_URL/api/trpc/task.get" \\
  -b "$SESSION_COOKIE" \\
  --data-urlencode 'input={"id":"<task id>"}'`;

export function ApiPage() {
  const { t } = useTranslation('pages');
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Tessera API')}`;

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
          <a href={mailto} data-testid="api-contact">
            <Mail size={16} aria-hidden /> {t('api.contact')}
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#how-it-works">{t('api.seeHow')}</a>
        </Button>
      </Hero>

      <div className="mx-auto -mt-6 max-w-3xl px-4">
        <Note testId="api-keys-note">{t('api.keysNote')}</Note>
      </div>

      <Section id="features" title={t('api.features.title')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
        <Steps steps={STEPS.map((s) => ({ title: t(`api.how.${s}.title`), text: t(`api.how.${s}.text`) }))} />
      </Section>

      <Section id="example" title={t('api.example.title')} subtitle={t('api.example.text')}>
        <pre className={cn(CARD, 'mt-6 overflow-x-auto p-4 text-start text-xs leading-relaxed sm:text-sm')} dir="ltr" tabIndex={0} aria-label={t('api.example.caption')}>
          <code>{EXAMPLE}</code>
        </pre>
      </Section>

      <Section id="faq" title={t('faqTitle')} narrow>
        <Faq items={Array.from({ length: FAQ_COUNT }, (_, i) => ({ q: t(`api.faq.${i + 1}.q`), a: t(`api.faq.${i + 1}.a`) }))} />
      </Section>

      <CtaBand title={t('api.bottom.title')} text={t('api.bottom.text')}>
        <Button asChild size="lg">
          <a href={mailto}>
            <Mail size={16} aria-hidden /> {t('api.contact')}
          </a>
        </Button>
      </CtaBand>
    </main>
  );
}
