/**
 * §2 announcement popup: the operator's news with an optional image and call to action. Closing
 * it in any way remembers its id, so it does not come back in this browser.
 */
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import type { Announcement } from './announcement.ts';
import { rememberAnnouncementDismissed } from './announcementMemory.ts';
import { useAnnouncement } from './useAnnouncement.ts';

export default function AnnouncementDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const isOpen = current?.name === 'announcement';
  const given = isOpen ? current.props.announcement : undefined;
  // Opened by a deep link: fetch it the way the gate does.
  const query = useAnnouncement(isOpen && !given);
  const announcement = given ?? query.data ?? null;

  function dismiss() {
    if (announcement) rememberAnnouncementDismissed(announcement.id);
    close();
  }

  return (
    <Dialog open={isOpen} onOpenChange={(o) => !o && dismiss()} title={announcement?.title ?? t('announcement.title')} className="sm:max-w-lg">
      <div className="flex flex-col gap-4" data-testid="announcement-popup" data-announcement-id={announcement?.id}>
        {announcement ? (
          <AnnouncementBody announcement={announcement} onDone={dismiss} />
        ) : !given && query.isPending ? (
          <div className="flex flex-col gap-2" aria-busy>
            <div className="h-4 w-full animate-pulse rounded bg-surface-2" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
          </div>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm text-muted" data-testid="announcement-none">
              <Megaphone size={16} aria-hidden /> {query.isError ? t('announcement.loadFailed') : t('announcement.none')}
            </p>
            <div className="flex justify-end">
              <Button size="sm" onClick={dismiss}>
                {t('announcement.ok')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function AnnouncementBody({ announcement, onDone }: { announcement: Announcement; onDone(): void }) {
  const { t } = useTranslation('popups');
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { body, imageUrl, ctaLabel, ctaUrl } = announcement;
  const external = ctaUrl ? /^https?:\/\//i.test(ctaUrl) : false;
  return (
    <>
      {imageUrl && <img src={imageUrl} alt="" className="max-h-56 w-full rounded-lg object-cover" />}
      <p className="whitespace-pre-line text-sm leading-relaxed">{body}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant={ctaUrl ? 'ghost' : 'primary'} size="sm" onClick={onDone} data-testid="announcement-ok">
          {t('announcement.ok')}
        </Button>
        {ctaUrl && ctaLabel && external && (
          <Button asChild size="sm">
            <a href={ctaUrl} target="_blank" rel="noopener noreferrer" onClick={onDone} data-testid="announcement-cta">
              {ctaLabel}
            </a>
          </Button>
        )}
        {ctaUrl && ctaLabel && !external && (
          <Button
            size="sm"
            onClick={() => {
              onDone();
              void navigate(to(ctaUrl));
            }}
            data-testid="announcement-cta"
          >
            {ctaLabel}
          </Button>
        )}
      </div>
    </>
  );
}
