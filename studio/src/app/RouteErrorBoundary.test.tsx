// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../locales/en/common.json';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Boom(): never {
  throw new Error('render failed');
}

function Layout() {
  return (
    <>
      <Link to="/ok">go ok</Link>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

afterEach(cleanup);

describe('RouteErrorBoundary', () => {
  it('shows the crash fallback and recovers on the next route change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: '/boom', element: <Boom /> }, { path: '/ok', element: <p>all good</p> }] }],
      { initialEntries: ['/boom'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Oh snap! There was a problem loading this content');

    await act(async () => {
      fireEvent.click(screen.getByText('go ok'));
    });
    expect(screen.getByText('all good')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
