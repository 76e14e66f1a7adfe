/** The frame of the video pages (/app/ai-video, /app/ai-avatar, /app/ai-shorts): title, intro and the guest gate around the form. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestGate } from '../generate/GuestGate.tsx';

export function VideoPageLayout({ page, children }: { page: 'aiVideo' | 'aiAvatar' | 'aiShorts'; children: ReactNode }) {
  const { t } = useTranslation('videoForms');
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid={`page-${page}`}>
      <title>{t(`pages.${page}.metaTitle`)}</title>
      <meta name="description" content={t(`pages.${page}.subtitle`)} />
      <h1 className="text-3xl font-bold">{t(`pages.${page}.title`)}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t(`pages.${page}.subtitle`)}</p>
      <GuestGate>{children}</GuestGate>
    </main>
  );
}
