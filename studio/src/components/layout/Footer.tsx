import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { APP_NAME, SUPPORT_EMAIL } from '../../lib/site.ts';
import { FOOTER_COLUMNS } from './navItems.ts';

export function Footer() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <footer className="border-t border-border/60 py-10 text-sm text-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="font-semibold text-fg">{APP_NAME}</p>
          <p>{t('footer.openSource')}</p>
          <a className="inline-block hover:text-fg" href={`mailto:${SUPPORT_EMAIL}`}>
            {t('footer.support')}
          </a>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.key} aria-label={t(`footer.columns.${column.key}`)}>
            <p className="mb-2 font-semibold text-fg">{t(`footer.columns.${column.key}`)}</p>
            <ul className="space-y-1.5">
              {column.items.map((item) => (
                <li key={item.key}>
                  <Link className="hover:text-fg" to={to(item.path)}>
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-7xl px-4">
        © {new Date().getFullYear()} {APP_NAME}
      </p>
    </footer>
  );
}
