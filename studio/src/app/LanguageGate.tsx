import { DEFAULT_LANGUAGE, isLanguageCode } from '@tessera/shared/i18n';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../pages/StatusPage.tsx';

/** `/:lang/*`: a known non-English prefix renders the page; `/en/...` drops the prefix. */
export function LanguageGate() {
  const { lang } = useParams();
  const location = useLocation();
  if (lang === DEFAULT_LANGUAGE) {
    const rest = location.pathname.slice(3) || '/';
    return <Navigate to={`${rest}${location.search}${location.hash}`} replace />;
  }
  if (!isLanguageCode(lang)) return <NotFoundPage />;
  return <Outlet />;
}
