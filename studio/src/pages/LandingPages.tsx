/**
 * Marketing pages driven by `features/landing/landingCatalog.ts`: the page areas (/ai-video,
 * /ai-image …) and the model landing pages (/models/video/:slug, /models/image/:slug,
 * /tools/:slug). The effects pages come from the catalogue: see EffectPages.tsx.
 */
import { useParams } from 'react-router';
import { areaLanding, findLanding, type LandingKind } from '../features/landing/landingCatalog.ts';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from './StatusPage.tsx';

/** A page area with a fixed slug (`ai-product-avatar` renders `ai-avatar`). */
export function AreaLandingPage({ slug }: { slug: string }) {
  return <LandingPage landing={areaLanding(slug)} />;
}

/** /models/video/:slug, /models/image/:slug, /tools/:slug: unknown slugs are a 404. */
export function ModelLandingPage({ kind }: { kind: Exclude<LandingKind, 'area' | 'videoEffect' | 'photoEffect'> }) {
  const { slug } = useParams();
  const landing = findLanding(kind, slug);
  if (!landing) return <NotFoundPage />;
  return <LandingPage key={landing.slug} landing={landing} />;
}
