/** The 404 and 500 pages (§2): a logo image and a button back to home; common texts only. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';

function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <title>{`${title} · Tessera`}</title>
      <img src="/logo.svg" alt="Tessera" width={72} height={72} />
      <p className="text-gradient text-6xl font-bold">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Button asChild size="lg">
        <Link to={to('/home')} data-testid="back-home">
          {t('actions.backHome')}
        </Link>
      </Button>
    </main>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return <StatusPage code="404" title={t('notFound.title')} text={t('notFound.text')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation('common');
  return <StatusPage code="500" title={t('serverError.title')} text={t('serverError.text')} />;
}
