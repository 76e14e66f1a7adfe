import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import popups from '../../locales/en/popups.json';
import { type ProjectCardsProps, ProjectCards, relativeTime } from './ProjectCards.tsx';

afterEach(cleanup);

const PROJECTS = [
  { id: 'p1', name: 'Summer campaign', updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(), thumbnailUrl: '/api/media/p1.webp' },
  { id: 'p 2', name: '  ', updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
];

async function renderCards(props: ProjectCardsProps, path = '/') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common, popups } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <ProjectCards {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('ProjectCards (project cards widget)', () => {
  it('links each project to its canvas in the page language, with its name and last edit', async () => {
    await renderCards({ projects: PROJECTS }, '/de/app/projects');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/de/app/canvas/p1', '/de/app/canvas/p%202']);
    expect(links[0]!.textContent).toContain('Summer campaign');
    expect(links[0]!.textContent).toContain('Edited 5 minutes ago');
    // A blank name still gives the card an accessible name.
    expect(links[1]!.textContent).toContain('Untitled project');
  });

  it('picks a project instead of navigating when used in a chooser', async () => {
    const onSelect = vi.fn();
    await renderCards({ projects: PROJECTS, onSelect });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button')[1]!);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(PROJECTS[1]);
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
