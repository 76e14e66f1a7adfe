/**
 * /start-for-free: the free ways to get credits (§1): the guest trial, the sign-up bonus, the
 * daily check-in, missions and invites, with the amounts the server really grants. Visitors
 * get the sign-up popup; signed-in users go straight to the image form.
 */
import { ANONYMOUS_TRIAL_CREDITS, VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { CHECK_IN_DAILY_CREDITS, CHECK_IN_STREAK_CREDITS, CHECK_IN_STREAK_DAYS, INVITE_FRIEND_CREDITS, INVITE_SUBSCRIBE_CREDITS } from '@tessera/shared/rewards';
import { ArrowRight, CalendarCheck, Gift, type LucideIcon, MailCheck, Target, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { useViewer } from '../features/auth/useViewer.ts';
import { CARD, CtaBand, Faq, Hero, Section, Steps } from '../features/landing/landingUi.tsx';
import { WelcomeTrialNote } from '../features/credits/WelcomeTrialNote.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';

const STEPS = ['step1', 'step2', 'step3'] as const;
const FAQ_COUNT = 3;

export function StartForFreePage() {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();

  const ways: { key: string; icon: LucideIcon; text: string; link?: { to: string; label: string } }[] = [
    { key: 'trial', icon: Gift, text: t('startForFree.ways.trial.text', { count: ANONYMOUS_TRIAL_CREDITS }) },
    { key: 'bonus', icon: MailCheck, text: t('startForFree.ways.bonus.text', { count: VERIFIED_EMAIL_BONUS_CREDITS }) },
    {
      key: 'checkIn',
      icon: CalendarCheck,
      text: t('startForFree.ways.checkIn.text', { daily: CHECK_IN_DAILY_CREDITS, streak: CHECK_IN_STREAK_CREDITS, days: CHECK_IN_STREAK_DAYS }),
    },
    { key: 'missions', icon: Target, text: t('startForFree.ways.missions.text'), link: { to: '/app/missions', label: t('startForFree.missionsLink') } },
    { key: 'invites', icon: UserPlus, text: t('startForFree.ways.invites.text', { friend: INVITE_FRIEND_CREDITS, subscribe: INVITE_SUBSCRIBE_CREDITS }) },
  ];

  return (
    <main data-testid="page-start-for-free">
      <title>{t('startForFree.meta.title')}</title>
      <meta name="description" content={t('startForFree.meta.description')} />

      <Hero
        badge={
          <>
            <Gift size={14} aria-hidden className="text-accent-fg" /> {t('startForFree.badge')}
          </>
        }
        title={t('startForFree.title')}
        subtitle={t('startForFree.subtitle', { trial: ANONYMOUS_TRIAL_CREDITS, bonus: VERIFIED_EMAIL_BONUS_CREDITS })}
      >
        <StartButton />
        <Button asChild size="lg" variant="outline">
          <Link to={to('/pricing')}>{t('startForFree.seePlans')}</Link>
        </Button>
      </Hero>

      {/* The hero promises the trial; a device that already had it hears why it sees none. */}
      <div className="mx-auto max-w-3xl px-4 empty:hidden">
        <WelcomeTrialNote />
      </div>

      <Section id="ways" title={t('startForFree.ways.title')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ways.map(({ key, icon: Icon, text, link }) => (
            <li key={key} className={cn(CARD, 'flex flex-col p-5')} data-testid={`free-${key}`}>
              <Icon className="text-accent-2" size={22} aria-hidden />
              <h3 className="mt-3 font-medium">{t(`startForFree.ways.${key}.title`)}</h3>
              <p className="mt-1 flex-1 text-sm text-muted">{text}</p>
              {link && (
                <Link to={to(link.to)} className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-violet-300 hover:text-violet-200 hover:underline">
                  {link.label} <ArrowRight size={14} aria-hidden className="rtl:rotate-180" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={t('startForFree.how.title')}>
        <Steps steps={STEPS.map((s) => ({ title: t(`startForFree.how.${s}.title`), text: t(`startForFree.how.${s}.text`) }))} />
      </Section>

      <Section id="faq" title={t('faqTitle')} narrow>
        <Faq items={Array.from({ length: FAQ_COUNT }, (_, i) => ({ q: t(`startForFree.faq.${i + 1}.q`), a: t(`startForFree.faq.${i + 1}.a`) }))} />
      </Section>

      <CtaBand title={t('startForFree.bottom.title')} text={t('startForFree.bottom.text')}>
        <StartButton />
      </CtaBand>
    </main>
  );
}

/** Visitors (anonymous or signed out) sign up; signed-in users start creating. */
function StartButton() {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  if (viewer.status === 'signedIn') {
    return (
      <Button asChild size="lg">
        <Link to={to('/app/ai-image')} data-testid="start-free-cta">
          {t('startForFree.startCreating')} <ArrowRight size={16} aria-hidden className="rtl:rotate-180" />
        </Link>
      </Button>
    );
  }
  return (
    <Button size="lg" onClick={() => open('signUp')} disabled={viewer.status === 'loading'} data-testid="start-free-cta">
      {t('startForFree.signUp')}
    </Button>
  );
}
