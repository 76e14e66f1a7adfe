import { useTranslation } from 'react-i18next';
import { APP_NAME, SUPPORT_EMAIL } from '../../lib/site.ts';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-border/60 py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 sm:flex-row">
        <p>
          © {new Date().getFullYear()} {APP_NAME}. {t('footer.openSource')}
        </p>
        <a className="hover:text-fg" href={`mailto:${SUPPORT_EMAIL}`}>
          {t('footer.support')}
        </a>
      </div>
    </footer>
  );
}
