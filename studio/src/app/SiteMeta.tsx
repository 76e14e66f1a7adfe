/**
 * Site-wide document metadata for the current route (§2): the canonical URL (language prefix,
 * `/app/pro-effects` → `/pro-effects`), hreflang alternates for all 19 languages, and robots
 * rules by deployment host (§9: only production is indexed). React 19 hoists these tags into
 * <head>; pages render their own <title> and description.
 */
import { alternateLinks, canonicalUrl, classifyHost, hostPolicy } from '@tessera/shared/routes';
import { useLocation } from 'react-router';

const policy = hostPolicy(classifyHost(window.location.host));

export function SiteMeta() {
  const { pathname } = useLocation();
  const origin = window.location.origin;
  return (
    <>
      <link rel="canonical" href={canonicalUrl(origin, pathname)} />
      {alternateLinks(origin, pathname).map((link) => (
        <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
      ))}
      {!policy.indexable && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
