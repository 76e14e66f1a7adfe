/**
 * One landing page for every descriptor in `landingCatalog.ts`: hero, examples, how it works,
 * a "try it" entry into the matching easy-mode form, FAQ and a closing call to action. Kinds
 * that are not on this server yet say so instead of promising what cannot be tried.
 */
import { ArrowRight, Clock, ImageIcon, Sparkles, Wand2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Input } from '../../components/ui/Input.tsx';
import { type LandingDescriptor, type LandingKind, STEP_IDS, withPrompt } from './landingCatalog.ts';
import { CARD, CtaBand, Faq, Hero, Note, Section, Steps } from './landingUi.tsx';
import { ModelCatalogList } from '../models/ModelCatalogList.tsx';

const TEST_IDS: Record<Exclude<LandingKind, 'area'>, string> = {
  videoModel: 'page-video-model',
  imageModel: 'page-image-model',
  videoEffect: 'page-video-effect',
  photoEffect: 'page-photo-effect',
  tool: 'page-tool-landing',
};

/** Soft backdrops for the example cards; purely decorative. */
const SWATCHES = [
  'from-orange-500/40 via-pink-500/30 to-violet-600/40',
  'from-emerald-600/40 via-teal-500/30 to-sky-600/40',
  'from-slate-600/50 via-amber-500/30 to-slate-800/50',
  'from-indigo-900/60 via-violet-600/40 to-fuchsia-500/30',
] as const;

export function landingTestId(landing: LandingDescriptor): string {
  return landing.kind === 'area' ? `page-${landing.slug}` : TEST_IDS[landing.kind];
}

export function LandingPage({ landing }: { landing: LandingDescriptor }) {
  const { t } = useTranslation('landing');
  const to = useLocalizedPath();
  const k = (key: string) => t(`items.${landing.i18nKey}.${key}`);
  const coming = landing.status === 'coming';
  const Icon = landing.icon;

  return (
    <main data-testid={landingTestId(landing)} data-slug={landing.slug}>
      <title>{k('meta.title')}</title>
      <meta name="description" content={k('meta.description')} />

      <Hero
        badge={
          <>
            <Icon size={14} aria-hidden className="text-accent-fg" /> {k('badge')}
          </>
        }
        title={k('title')}
        subtitle={k('subtitle')}
      >
        <Button asChild size="lg">
          <Link to={to(landing.tryIt)} data-testid="landing-cta">
            {k('cta')} <ArrowRight size={16} aria-hidden className="rtl:rotate-180" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#examples">{t('sections.seeExamples')}</a>
        </Button>
      </Hero>

      {coming && (
        <div className="mx-auto -mt-6 max-w-3xl px-4">
          <Note testId="landing-coming">
            <strong className="font-medium text-fg">{t('sections.coming.title')}</strong> {t('sections.coming.text')}{' '}
            <Link to={to('/app/ai-image')} className="text-violet-300 hover:text-violet-200 hover:underline">
              {t('sections.coming.image')}
            </Link>{' '}
            ·{' '}
            <Link to={to('/app/ai-tools')} className="text-violet-300 hover:text-violet-200 hover:underline">
              {t('sections.coming.tools')}
            </Link>
          </Note>
        </div>
      )}

      <Section id="examples" title={t(landing.examplesArePrompts ? 'sections.examples.promptsTitle' : 'sections.examples.title')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {landing.examples.map((example, i) => {
            const text = k(`examples.${example.id}.text`);
            return (
              <li key={example.id} className={cn(CARD, 'flex flex-col overflow-hidden')} data-testid="landing-example">
                <div className={cn('flex h-28 items-center justify-center bg-gradient-to-br', SWATCHES[i % SWATCHES.length])} aria-hidden>
                  <Icon size={28} className="text-white/80" />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="font-medium">{k(`examples.${example.id}.title`)}</h3>
                  <p className="flex-1 text-sm text-muted">{landing.examplesArePrompts ? `“${text}”` : text}</p>
                  {example.to ? (
                    <Link to={to(example.to)} className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline">
                      {t('sections.examples.open')} <ArrowRight size={14} aria-hidden className="rtl:rotate-180" />
                    </Link>
                  ) : (
                    landing.examplesArePrompts &&
                    landing.acceptsPrompt && (
                      <Link
                        to={to(withPrompt(landing.tryIt, text))}
                        className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline"
                        data-testid="use-prompt"
                      >
                        <Sparkles size={14} aria-hidden /> {t('sections.examples.usePrompt')}
                      </Link>
                    )
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      {(landing.kind === 'imageModel' || landing.kind === 'videoModel') && (
        <Section id="models" title={t('common:models.catalog.title')} subtitle={t('common:models.catalog.subtitle')}>
          <ModelCatalogList output={landing.kind === 'imageModel' ? 'image' : 'video'} />
        </Section>
      )}

      <Section id="how-it-works" title={t('sections.how')}>
        <Steps steps={STEP_IDS.map((id) => ({ title: k(`steps.${id}.title`), text: k(`steps.${id}.text`) }))} />
      </Section>

      <Section id="try-it" title={k('tryIt.title')} subtitle={k('tryIt.text')}>
        <TryIt landing={landing} />
      </Section>

      <Section id="faq" title={t('sections.faq')} narrow>
        <Faq items={Array.from({ length: landing.faqCount }, (_, i) => ({ q: k(`faq.${i + 1}.q`), a: k(`faq.${i + 1}.a`) }))} />
      </Section>

      <CtaBand title={t('sections.bottom.title')} text={t(coming ? 'sections.bottom.comingText' : 'sections.bottom.text')}>
        <Button asChild size="lg">
          <Link to={to(landing.tryIt)}>{k('cta')}</Link>
        </Button>
      </CtaBand>
    </main>
  );
}

/** A prompt box that opens the easy-mode form with the prompt filled in, or a plain link to it. */
function TryIt({ landing }: { landing: LandingDescriptor }) {
  const { t } = useTranslation('landing');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const id = useId();
  const [prompt, setPrompt] = useState('');

  if (landing.status === 'coming') {
    return (
      <div className={cn(CARD, 'mt-6 flex flex-col gap-4 p-6 sm:flex-row sm:items-center')}>
        <Clock className="shrink-0 text-accent-fg" aria-hidden />
        <p className="flex-1 text-sm text-muted">{t('sections.tryIt.comingText')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={to('/app/ai-image')}>
              <ImageIcon size={16} aria-hidden /> {t('sections.tryIt.image')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={to('/app/ai-tools')}>
              <Wand2 size={16} aria-hidden /> {t('sections.tryIt.tools')}
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  if (!landing.acceptsPrompt) {
    return (
      <div className="mt-6">
        <Button asChild size="lg">
          <Link to={to(landing.tryIt)} data-testid="try-it">
            {t('sections.tryIt.open')} <ArrowRight size={16} aria-hidden className="rtl:rotate-180" />
          </Link>
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = prompt.trim();
    void navigate(to(text ? withPrompt(landing.tryIt, text) : landing.tryIt));
  }

  return (
    <form onSubmit={submit} className={cn(CARD, 'mt-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-6')} data-testid="try-it">
      <div className="flex flex-1 flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t('sections.tryIt.promptLabel')}
        </label>
        <Input id={id} value={prompt} onChange={(e) => setPrompt(e.target.value)} maxLength={2000} placeholder={t('sections.tryIt.placeholder')} className="h-12" />
      </div>
      <Button type="submit" size="lg">
        <Sparkles size={16} aria-hidden /> {t('sections.tryIt.submit')}
      </Button>
    </form>
  );
}
