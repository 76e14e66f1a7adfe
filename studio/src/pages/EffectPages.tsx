/**
 * The effects catalogue pages (issue 7): the lists (/ai-effects, /video-effects, /photo-effects,
 * /app/pro-effects), an effect's easy-mode page (/video-effects/:slug, /photo-effects/:slug,
 * /app/pro-effects/:slug), and the product photo and model fitting pages, whose scene or
 * backdrop is a template too.
 */
import type { TemplateDto, TemplateType } from '@tessera/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Coins, type LucideIcon, Shirt, ShoppingBag, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import {
  type EffectsVariant,
  isUnavailableError,
  LIST_PATHS,
  listInput,
  MODEL_FITTING_PATH,
  otherTemplates,
  PRODUCT_PHOTO_PATH,
  templatePath,
  VARIANT_TYPES,
  variantOfType,
} from '../features/effects/effectRules.ts';
import { TemplateForm } from '../features/effects/TemplateForm.tsx';
import { TemplateGrid } from '../features/effects/TemplateGrid.tsx';
import { TemplatePicker } from '../features/effects/TemplatePicker.tsx';
import { TemplatePreview } from '../features/effects/TemplatePreview.tsx';
import { ProBadge, TemplateTile, TileSkeletons } from '../features/effects/TemplateTile.tsx';
import { ExploreTabs } from '../features/explore/ExploreTabs.tsx';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { CARD, EmptyState, Faq, Hero, Section, Steps } from '../features/landing/landingUi.tsx';
import { useTRPC } from '../lib/trpc.ts';

const FAQ_COUNT = 4;
const STEPS = ['step1', 'step2', 'step3'] as const;

/** The effects lists: hero, catalogue grid, and the other template pages. */
export function EffectsPage({ variant }: { variant: EffectsVariant }) {
  // The hero's texts live in `landing`, which is translated; the catalogue's own texts in `effects`.
  const { t } = useTranslation(['landing', 'effects']);
  const k = (key: string) => t(`effects.kinds.${variant}.${key}`);
  return (
    <main data-testid="page-effects" data-variant={variant}>
      <title>{k('metaTitle')}</title>
      <meta name="description" content={k('metaDescription')} />
      <Hero
        badge={
          <>
            <Sparkles size={14} aria-hidden className="text-accent-fg" /> {k('badge')}
          </>
        }
        title={k('title')}
        subtitle={k('subtitle')}
      />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        {/* /ai-effects belongs to the explore section (§2 navigation highlighting). */}
        {variant === 'ai' && <ExploreTabs active="effects" className="mb-8" />}
        <TemplateGrid types={VARIANT_TYPES[variant]} label={k('title')} />
        <MoreTemplatePages />
      </div>
    </main>
  );
}

/** Product photo and model fitting: templates too, with pages of their own. */
function MoreTemplatePages() {
  const { t } = useTranslation('effects');
  const to = useLocalizedPath();
  const cards: { key: 'productPhoto' | 'modelFitting'; path: string; icon: LucideIcon }[] = [
    { key: 'productPhoto', path: PRODUCT_PHOTO_PATH, icon: ShoppingBag },
    { key: 'modelFitting', path: MODEL_FITTING_PATH, icon: Shirt },
  ];
  return (
    <section aria-labelledby="more-template-pages" className="mt-12">
      <h2 id="more-template-pages" className="text-xl font-semibold">
        {t('more.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {cards.map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <Link to={to(path)} className={cn(CARD, 'group flex h-full items-start gap-4 p-5 transition hover:border-accent')} data-testid={`more-${key}`}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-fg">
                <Icon size={20} aria-hidden />
              </span>
              <span className="flex flex-1 flex-col gap-1">
                <span className="font-semibold">{t(`${key}.title`)}</span>
                <span className="text-sm text-muted">{t(`${key}.subtitle`)}</span>
              </span>
              <ArrowRight size={16} aria-hidden className="mt-1 text-accent-fg transition group-hover:translate-x-1 rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * An effect's easy-mode page. A template of another list moves to its own page; an unknown or
 * retired one shows the server's message with a way back to the list.
 */
export function EffectDetailPage({ variant }: { variant: Exclude<EffectsVariant, 'ai'> }) {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['effects', 'landing']);
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const [search] = useSearchParams();
  const query = useQuery({
    ...trpc.catalog.template.queryOptions({ id: slug }),
    // Shown on the page, not as a toast; "not found" and "retired" do not change on a retry.
    meta: { skipError: true },
    retry: (count, error) => !isUnavailableError(error) && count < 2,
  });
  const template = query.data;

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError || !template) {
    const unavailable = isUnavailableError(query.error);
    return (
      <main className="mx-auto max-w-3xl px-4 py-16" data-testid={unavailable ? 'page-effect-unavailable' : 'page-effect-error'}>
        <title>{t('landing:effects.unavailable.metaTitle')}</title>
        <h1 className="mb-8 text-center text-3xl font-bold">{unavailable ? t('landing:effects.unavailable.title') : t('detail.errorTitle')}</h1>
        <EmptyState
          icon={Sparkles}
          title={t(`landing:effects.kinds.${variant}.title`)}
          text={<span data-testid="effect-unavailable-message">{unavailable ? query.error?.message : t('detail.errorText')}</span>}
          testId="effect-unavailable"
        >
          {!unavailable && (
            <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
              {t('grid.retry')}
            </Button>
          )}
          <Button asChild size="lg" variant={unavailable ? 'primary' : 'outline'}>
            <Link to={to(LIST_PATHS[variant])} data-testid="effect-back">
              <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t('landing:effects.unavailable.back')}
            </Link>
          </Button>
        </EmptyState>
      </main>
    );
  }
  // A photo effect opened under /video-effects (or a product scene anywhere) lives on another page.
  if (variantOfType(template.type) !== variant) return <Navigate replace to={to(templatePath(template))} />;

  const preset = search.get('image');
  return (
    <main data-testid="page-effect" data-template-id={template.id}>
      <title>{t('detail.metaTitle', { name: template.name })}</title>
      <meta name="description" content={template.description || t('detail.metaDescription', { name: template.name })} />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <Link to={to(LIST_PATHS[variant])} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
          <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t(`landing:effects.kinds.${variant}.title`)}
        </Link>
        <header className="mt-4 grid items-center gap-6 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <TemplatePreview key={template.id} template={template} playing className="aspect-[3/4] w-full max-w-56 rounded-[var(--radius-card)] border border-border" />
          <div className="flex flex-col items-start gap-3">
            {template.pro && <ProBadge />}
            <h1 className="text-3xl font-bold break-words sm:text-4xl">{template.name}</h1>
            {template.description && <p className="max-w-2xl text-muted">{template.description}</p>}
            <p className="inline-flex items-center gap-1.5 text-sm text-muted" data-testid="effect-cost">
              <Coins size={14} aria-hidden className="text-accent-fg" /> {t('detail.cost', { count: template.cost })}
            </p>
          </div>
        </header>
        <div className="mt-8">
          <GuestGate>
            <TemplateForm
              key={`${template.id}|${preset ?? ''}`}
              template={template}
              type={template.type}
              labels={{ image: t('detail.image') }}
              preset={preset}
              resultEmpty={t(template.mediaType === 'video' ? 'detail.emptyVideo' : 'detail.emptyImage')}
            />
          </GuestGate>
        </div>
      </div>
      <TryAnother variant={variant} current={template} />
      <Section id="effect-how" title={t('detail.howTitle')}>
        <Steps steps={STEPS.map((s) => ({ title: t(`detail.steps.${s}.title`), text: t(`detail.steps.${s}.text`) }))} />
      </Section>
      <Section id="effect-faq" title={t('detail.faqTitle')} narrow>
        <Faq items={Array.from({ length: FAQ_COUNT }, (_, i) => ({ q: t(`detail.faq.${i + 1}.q`), a: t(`detail.faq.${i + 1}.a`) }))} />
      </Section>
    </main>
  );
}

function DetailSkeleton() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" aria-busy data-testid="effect-loading">
      <div className="h-4 w-28 animate-pulse rounded bg-surface-2" />
      <div className="mt-4 grid gap-6 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div className="aspect-[3/4] w-full max-w-56 animate-pulse rounded-[var(--radius-card)] bg-surface-2" />
        <div className="flex flex-col gap-3">
          <div className="h-9 w-2/3 animate-pulse rounded bg-surface-2" />
          <div className="h-4 w-full max-w-md animate-pulse rounded bg-surface-2" />
        </div>
      </div>
      <div className="mt-8 h-80 animate-pulse rounded-[var(--radius-card)] bg-surface" />
    </main>
  );
}

/** "Try another effect": a strip of the same list's first templates. */
function TryAnother({ variant, current }: { variant: Exclude<EffectsVariant, 'ai'>; current: TemplateDto }) {
  const { t } = useTranslation('effects');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const list = useQuery({ ...trpc.catalog.templates.queryOptions(listInput(VARIANT_TYPES[variant], { limit: 12 })), meta: { skipError: true } });
  const others = otherTemplates(list.data?.items ?? [], current.id);
  if (list.isError || (list.isSuccess && others.length === 0)) return null;
  return (
    <section aria-labelledby="try-another" className="mx-auto max-w-6xl px-4 py-8" data-testid="try-another">
      <div className="flex items-center justify-between gap-4">
        <h2 id="try-another" className="text-xl font-semibold">
          {t('detail.tryAnother')}
        </h2>
        <Link to={to(LIST_PATHS[variant])} className="text-sm font-medium text-accent-fg hover:underline">
          {t('detail.seeAll')}
        </Link>
      </div>
      {/* Positioned, so the screen-reader-only texts of the tiles are clipped with the strip. */}
      <ul className="relative mt-4 flex gap-3 overflow-x-auto pb-2">
        {list.isPending ? (
          <TileSkeletons count={5} className="w-36 shrink-0 sm:w-44" />
        ) : (
          others.map((tpl) => (
            <li key={tpl.id} className="w-36 shrink-0 sm:w-44">
              <TemplateTile template={tpl} className="h-full" />
            </li>
          ))
        )}
      </ul>
    </section>
  );
}

/** The picker pages' shared body: a template of `type` (preselected by `?<param>=`) and the form. */
function TemplateToolForm({ type, param, labels, pickerLegend, resultEmpty }: {
  type: Extract<TemplateType, 'product_photo' | 'model_fitting'>;
  param: string;
  labels: Partial<Record<'image' | 'garment', string>>;
  pickerLegend: string;
  resultEmpty: string;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useSearchParams();
  const list = useQuery(trpc.catalog.templates.queryOptions({ type, limit: 60 }));
  const templates = (list.data?.items ?? []).filter((tpl) => tpl.status === 'active');
  const requested = search.get(param);
  const chosen = templates.find((tpl) => tpl.id === requested) ?? templates[0];
  return (
    <TemplateForm
      template={chosen}
      type={type}
      labels={labels}
      preset={search.get('image')}
      resultEmpty={resultEmpty}
      picker={
        <TemplatePicker
          legend={pickerLegend}
          templates={templates}
          status={list.status}
          value={chosen?.id ?? null}
          onChange={(id) =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set(param, id);
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
          onRetry={() => void list.refetch()}
          testId={`${param}-picker`}
        />
      }
    />
  );
}

function TemplateToolPage({ pageKey, icon: Icon, children }: { pageKey: 'productPhoto' | 'modelFitting'; icon: LucideIcon; children: ReactNode }) {
  const { t } = useTranslation('effects');
  const to = useLocalizedPath();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid={`page-${pageKey}`}>
      <title>{t(`${pageKey}.metaTitle`)}</title>
      <meta name="description" content={t(`${pageKey}.subtitle`)} />
      <Link to={to('/ai-effects')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
        <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('more.back')}
      </Link>
      <h1 className="mt-3 flex items-center gap-3 text-3xl font-bold">
        <Icon className="text-accent-fg" aria-hidden /> {t(`${pageKey}.title`)}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t(`${pageKey}.subtitle`)}</p>
      <div className="mt-8">
        <GuestGate>{children}</GuestGate>
      </div>
    </main>
  );
}

/** /app/product-photo: the product cut out and placed into a scene. */
export function ProductPhotoPage() {
  const { t } = useTranslation('effects');
  return (
    <TemplateToolPage pageKey="productPhoto" icon={ShoppingBag}>
      <TemplateToolForm
        type="product_photo"
        param="scene"
        labels={{ image: t('productPhoto.image') }}
        pickerLegend={t('productPhoto.scene')}
        resultEmpty={t('productPhoto.empty')}
      />
    </TemplateToolPage>
  );
}

/** /app/model-fitting: a garment dressed onto a person, in front of a backdrop. */
export function ModelFittingPage() {
  const { t } = useTranslation('effects');
  return (
    <TemplateToolPage pageKey="modelFitting" icon={Shirt}>
      <TemplateToolForm
        type="model_fitting"
        param="backdrop"
        labels={{ image: t('modelFitting.person'), garment: t('modelFitting.garment') }}
        pickerLegend={t('modelFitting.backdrop')}
        resultEmpty={t('modelFitting.empty')}
      />
    </TemplateToolPage>
  );
}
