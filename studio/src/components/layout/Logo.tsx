import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { APP_NAME } from '../../lib/site.ts';

export function Logo() {
  const to = useLocalizedPath();
  return (
    <Link to={to('/')} className="flex items-center gap-2 font-semibold tracking-tight" aria-label={`${APP_NAME} home`}>
      <img src="/logo.svg" alt="" width={28} height={28} />
      <span className="hidden text-lg sm:inline">{APP_NAME}</span>
    </Link>
  );
}
