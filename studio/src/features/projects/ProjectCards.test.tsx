// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import popups from '../../locales/en/popups.json';
import projects from '../../locales/en/projects.json';
import { type ProjectCardData, type ProjectCardsProps, ProjectCards, relativeTime } from './ProjectCards.tsx';

afterEach(cleanup);

const ME = { id: 'u-me', name: 'Me' };
const project = (over: Partial<ProjectCardData> & Pick<ProjectCardData, 'id' | 'name'>): ProjectCardData => ({
  updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  coverUrl: null,
  role: 'owner',
  isDefault: false,
  memberCount: 1,
  owner: ME,
  ...over,
});

const MINE_DEFAULT = project({ id: 'p1', name: 'Summer campaign', isDefault: true, coverUrl: '/api/media/u/u-me/cover.webp' });
const MINE_SHARED = project({ id: 'p 2', name: '  ', memberCount: 3, updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() });
const THEIRS_VIEWER = project({ id: 'p3', name: 'Moodboard', role: 'viewer', memberCount: 2, owner: { id: 'u-ann', name: 'Ann' } });
const THEIRS_EDITOR = project({ id: 'p4', name: 'Launch', role: 'editor', memberCount: 2, owner: { id: 'u-ann', name: 'Ann' } });

async function renderCards(props: ProjectCardsProps, path = '/') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common, popups, projects } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <ProjectCards {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const card = (name: string) => screen.getAllByTestId('project-card').find((li) => li.textContent?.includes(name))!;

/** Opens a card's menu with the keyboard, as a keyboard user would, and lists its items. */
function openMenu(name: string): string[] {
  const trigger = within(card(name)).getByRole('button', { name: `Actions for ${name}` });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const items = screen.getAllByRole('menuitem').map((item) => item.textContent?.trim() ?? '');
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  return items;
}

describe('ProjectCards (project cards widget)', () => {
  it('links each project to its canvas in the page language, with its name, cover and last edit', async () => {
    await renderCards({ projects: [MINE_DEFAULT, MINE_SHARED] }, '/de/app/projects');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/de/app/canvas/p1', '/de/app/canvas/p%202']);
    expect(links[0]!.textContent).toContain('Summer campaign');
    expect(links[0]!.textContent).toContain('Edited 5 minutes ago');
    expect(within(links[0]!).getByTestId('project-cover').getAttribute('src')).toBe('/api/media/u/u-me/cover.webp');
    // A blank name still gives the card an accessible name.
    expect(links[1]!.textContent).toContain('Untitled project');
  });

  it("shows my role on other people's projects, with their owner, and marks my own shared projects", async () => {
    await renderCards({ projects: [MINE_DEFAULT, MINE_SHARED, THEIRS_VIEWER, THEIRS_EDITOR] });
    expect(within(card('Summer campaign')).queryByTestId('project-role')).toBeNull();
    expect(within(card('Summer campaign')).queryByTestId('project-shared')).toBeNull();

    expect(within(card('Untitled project')).queryByTestId('project-role')).toBeNull();
    expect(within(card('Untitled project')).getByTestId('project-shared').textContent).toContain('Shared with 2 people');
    expect(within(card('Untitled project')).getByTestId('project-shared').getAttribute('title')).toBe('Shared with 2 people');

    expect(within(card('Moodboard')).getByTestId('project-role').textContent).toBe('Viewer');
    expect(within(card('Moodboard')).queryByTestId('project-shared')).toBeNull();
    expect(card('Moodboard').textContent).toContain('by Ann');
    expect(within(card('Launch')).getByTestId('project-role').textContent).toBe('Editor');
  });

  it('offers in each menu what the role allows: no delete for the default project, leave instead of rename and delete for members', async () => {
    const onAction = vi.fn();
    await renderCards({ projects: [MINE_DEFAULT, MINE_SHARED, THEIRS_VIEWER, THEIRS_EDITOR], onAction });
    expect(openMenu('Summer campaign')).toEqual(['Open', 'Rename', 'Duplicate', 'Share']);
    expect(openMenu('Untitled project')).toEqual(['Open', 'Rename', 'Duplicate', 'Share', 'Delete']);
    expect(openMenu('Moodboard')).toEqual(['Open', 'Duplicate', 'Share', 'Leave']);
    expect(openMenu('Launch')).toEqual(['Open', 'Duplicate', 'Share', 'Leave']);
  });

  it('runs the chosen action for that project, and its Open item leads to the canvas', async () => {
    const onAction = vi.fn();
    await renderCards({ projects: [MINE_DEFAULT, MINE_SHARED], onAction });
    const trigger = within(card('Untitled project')).getByRole('button', { name: 'Actions for Untitled project' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(screen.getByRole('menuitem', { name: 'Open' }).getAttribute('href')).toBe('/app/canvas/p%202');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('delete', MINE_SHARED);
  });

  it('has no menus without actions (the chooser) and picks a project instead of navigating', async () => {
    const onSelect = vi.fn();
    await renderCards({ projects: [MINE_DEFAULT, MINE_SHARED], onSelect, selectedId: 'p1' });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByTestId('project-menu')).toHaveLength(0);
    expect(within(card('Summer campaign')).getByTestId('project-selected').textContent).toBe('Selected');
    fireEvent.click(screen.getAllByRole('button')[1]!);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(MINE_SHARED);
  });

  it('shows a busy skeleton while loading and an empty state without projects', async () => {
    const { unmount } = await renderCards({ projects: [], loading: true });
    expect(screen.getByTestId('project-cards-loading').getAttribute('aria-busy')).toBe('true');
    unmount();
    await renderCards({ projects: [] });
    expect(screen.getByTestId('project-cards-empty').textContent).toBe('No projects yet.');
  });
});

describe('relativeTime', () => {
  it('says how long ago in words', () => {
    const now = Date.parse('2025-06-10T12:00:00Z');
    expect(relativeTime('2025-06-10T11:59:40Z', 'en', now)).toBe('this minute');
    expect(relativeTime('2025-06-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2025-03-10T12:00:00Z', 'en', now)).toBe('3 months ago');
  });
});
