/** /app pages skip the automatic anonymous sign-in (§2): visitors choose to continue as a guest or sign up. */
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useViewer } from '../auth/useViewer.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { useGuestAccess } from './useGuestAccess.ts';

export function GuestGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const viewer = useViewer();
  const guest = useGuestAccess();
  const open = usePopupStore((s) => s.open);
  if (viewer.status === 'loading') return <div className="mt-8 h-64 animate-pulse rounded-[var(--radius-card)] bg-surface" aria-hidden />;
  if (viewer.status === 'anonymous' || viewer.status === 'signedIn') return <>{children}</>;
  return (
    <section className="mt-10 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-10 text-center">
      <Sparkles className="text-accent-fg" aria-hidden />
      <p className="max-w-md text-muted">{t('guest.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => void guest.continueAsGuest()} loading={guest.pending} data-testid="continue-as-guest">
          {t('guest.continue')}
        </Button>
        <Button variant="outline" onClick={() => open('signUp')}>
          {t('guest.signUp')}
        </Button>
      </div>
    </section>
  );
}
