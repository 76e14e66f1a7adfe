/**
 * One store opens any popup by name with typed props (§2 popups). Features register the
 * popups they own; the PopupHost renders the current one.
 */
import { create } from 'zustand';
import type { Announcement } from '../announcements/announcement.ts';

/** §2 upgrade-plan popup infoType values. */
export const UPGRADE_INFO_TYPES = ['VideoUsage', 'VideoMode', 'AdvancedCamera', 'Template', 'ProFeature', 'Invite', 'Extend', 'Activity'] as const;
export type UpgradeInfoType = (typeof UPGRADE_INFO_TYPES)[number];

export interface PopupPropsMap {
  signUp: Record<string, never>;
  logIn: { callbackUrl?: string };
  /** `email`: what the log-in form held, so the visitor need not type it again. */
  forgotPassword: { email?: string; callbackUrl?: string };
  upgradePlan: {
    infoType?: UpgradeInfoType;
    /** Opened because the balance cannot pay for a generation (§8 "Not enough credits"). */
    reason?: 'credits';
  };
  concurrency: Record<string, never>;
  /** §2 check-in: the daily check-in week and button (features/rewards). */
  checkIn: Record<string, never>;
  /** §2 refer friend: the invite link, its stats and a field for a friend's code (features/rewards). */
  referFriend: Record<string, never>;
  /** §2 subscription: the plan cards in a dialog (features/billing). */
  subscription: { period?: 'monthly' | 'yearly' };
  /** §2 discount: the yearly-billing saving, leading to /pricing?period=yearly (features/billing). */
  discount: Record<string, never>;
  /** §2 announcement: the operator's announcement; without one the popup fetches the current one. */
  announcement: { announcement?: Announcement };
  /** §2 publish: a creation to the explore feed, with copy protection (§6); `status`/`isProtected` can forbid it (§4). */
  publish: { creationId: string; mediaType: 'image' | 'video'; status?: string; isProtected?: boolean };
  /** §2 report: someone else's content, with a reason (§8 "Report already exists."). */
  report: { contentId: string };
  /** §2 effects: the video or photo effects to start from. */
  effects: { mediaType?: 'video' | 'image' };
  /** §2 project choose: pick a project (the choice is announced under `onChooseKey`) or create one. */
  projectChoose: { onChooseKey?: string };
}

export type PopupName = keyof PopupPropsMap;

export type OpenPopup = { [N in PopupName]: { name: N; props: PopupPropsMap[N] } }[PopupName];

interface PopupState {
  current: OpenPopup | null;
  open<N extends PopupName>(name: N, ...props: PopupPropsMap[N] extends Record<string, never> ? [] : [PopupPropsMap[N]]): void;
  close(): void;
}

export const usePopupStore = create<PopupState>((set) => ({
  current: null,
  open: (name, ...props) => set({ current: { name, props: props[0] ?? {} } as OpenPopup }),
  close: () => set({ current: null }),
}));

/** Popups whose component exists; others fall back to a toast until their feature lands. */
export const IMPLEMENTED_POPUPS: ReadonlySet<PopupName> = new Set<PopupName>([
  'signUp',
  'logIn',
  'forgotPassword',
  'upgradePlan',
  'concurrency',
  'checkIn',
  'referFriend',
  'subscription',
  'discount',
  'announcement',
  'publish',
  'report',
  'effects',
  'projectChoose',
]);
