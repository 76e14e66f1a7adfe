/**
 * The site's navigation: the header's sections, the "Create" menu and the footer's columns.
 * Which item is highlighted comes from `navSection` (§2 rules in @tessera/shared/routes).
 */
import type { NavSection } from '@tessera/shared/routes';
import { CREATION_ENTRIES, type CreationEntry, type CreationGroup } from '../../features/showcase/creationCatalog.ts';

export interface NavItem {
  /** Label key under `nav.` in the common namespace. */
  key: string;
  path: string;
  section: NavSection;
}

/** The creation areas: the mobile menu's and the footer's "Create" links (AI video opens its form, like AI image). */
export const CREATE_ITEMS: readonly NavItem[] = [
  { key: 'aiVideo', path: '/app/ai-video', section: 'aiVideo' },
  { key: 'aiImage', path: '/app/ai-image', section: 'aiImage' },
  { key: 'aiAvatar', path: '/ai-avatar', section: 'aiAvatar' },
  { key: 'aiShorts', path: '/ai-shorts', section: 'aiShorts' },
  { key: 'videoEffects', path: '/video-effects', section: 'videoEffects' },
  { key: 'photoEffects', path: '/photo-effects', section: 'photoEffects' },
  { key: 'proEffects', path: '/app/pro-effects', section: 'proEffects' },
];

/** The Create menu's columns: a heading that opens the area's page, then every kind or tool of it (features/showcase). */
export const CREATE_GROUPS: readonly { key: string; path: string; section: NavSection; items: readonly CreationEntry[] }[] = (
  [
    { key: 'aiVideo', path: '/app/ai-video', section: 'aiVideo', group: 'video' },
    { key: 'aiImage', path: '/app/ai-image', section: 'aiImage', group: 'image' },
    { key: 'tools', path: '/app/ai-tools', section: 'tools', group: 'tools' },
  ] as const satisfies readonly { key: string; path: string; section: NavSection; group: CreationGroup }[]
).map(({ group, ...rest }) => ({ ...rest, items: CREATION_ENTRIES.filter((entry) => entry.group === group) }));

/** Top-level header links, in order; "Create" sits after Explore. */
export const PRIMARY_ITEMS: readonly NavItem[] = [
  { key: 'explore', path: '/explore', section: 'explore' },
  { key: 'tools', path: '/app/ai-tools', section: 'tools' },
  { key: 'projects', path: '/app/projects', section: 'projects' },
  { key: 'myCreations', path: '/app/my-creations', section: 'myCreations' },
  { key: 'pricing', path: '/pricing', section: 'pricing' },
];

/** Footer columns: every page area of §2 is reachable from here. */
export const FOOTER_COLUMNS: readonly { key: string; items: readonly { key: string; path: string }[] }[] = [
  { key: 'create', items: [...CREATE_ITEMS, { key: 'aiEffects', path: '/ai-effects' }, { key: 'videoEditor', path: '/app/video-editor' }, { key: 'aboutAiVideo', path: '/ai-video' }] },
  {
    key: 'tools',
    items: [
      { key: 'tools', path: '/app/ai-tools' },
      { key: 'upscaler', path: '/tools/upscaler' },
      { key: 'backgroundRemover', path: '/tools/background-remover' },
      { key: 'productPhoto', path: '/app/product-photo' },
      { key: 'modelFitting', path: '/app/model-fitting' },
      { key: 'aiToolsOverview', path: '/ai-tools' },
    ],
  },
  {
    key: 'discover',
    items: [
      { key: 'explore', path: '/explore' },
      { key: 'inspiration', path: '/inspiration' },
      { key: 'startForFree', path: '/start-for-free' },
      { key: 'pricing', path: '/pricing' },
      { key: 'api', path: '/api' },
    ],
  },
];
