import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage, ServerErrorPage } from '../pages/StatusPage.tsx';
import { LanguageGate } from './LanguageGate.tsx';
import { RootLayout } from './RootLayout.tsx';

// Pages load with their own code and translations.
const RootPage = lazy(() => import('../pages/HomePage.tsx').then((m) => ({ default: m.RootPage })));
const HomePage = lazy(() => import('../pages/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const AiImagePage = lazy(() => import('../pages/AiImagePage.tsx').then((m) => ({ default: m.AiImagePage })));
const AiToolsPage = lazy(() => import('../pages/AiToolsPage.tsx').then((m) => ({ default: m.AiToolsPage })));
const AiToolPage = lazy(() => import('../pages/AiToolPage.tsx').then((m) => ({ default: m.AiToolPage })));
const MyCreationsPage = lazy(() => import('../pages/MyCreationsPage.tsx').then((m) => ({ default: m.MyCreationsPage })));
const AccountPage = lazy(() => import('../pages/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));
const MissionsPage = lazy(() => import('../pages/MissionsPage.tsx').then((m) => ({ default: m.MissionsPage })));
const PricingPage = lazy(() => import('../pages/PricingPage.tsx').then((m) => ({ default: m.PricingPage })));
const TestCheckoutPage = lazy(() => import('../pages/TestCheckoutPage.tsx').then((m) => ({ default: m.TestCheckoutPage })));
const TestPaymentMethodPage = lazy(() => import('../pages/TestCheckoutPage.tsx').then((m) => ({ default: m.TestPaymentMethodPage })));
const SignInPage = lazy(() => import('../pages/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));
const SignInGooglePage = lazy(() => import('../pages/SignInGooglePage.tsx').then((m) => ({ default: m.SignInGooglePage })));

/** The same pages under `/` (English) and `/:lang` (the other 18 languages). */
const pages: RouteObject[] = [
  { index: true, element: <RootPage /> },
  { path: 'home', element: <HomePage /> },
  { path: 'sign-in', element: <SignInPage /> },
  { path: 'sign-in-google', element: <SignInGooglePage /> },
  { path: 'app/ai-image', element: <AiImagePage /> },
  { path: 'app/ai-tools', element: <AiToolsPage /> },
  { path: 'app/ai-tools/:slug', element: <AiToolPage /> },
  { path: 'app/my-creations', element: <MyCreationsPage /> },
  { path: 'app/account', element: <AccountPage /> },
  { path: 'app/missions', element: <MissionsPage /> },
  { path: 'pricing', element: <PricingPage /> },
  { path: 'test-checkout/payment-method/:subscriptionId', element: <TestPaymentMethodPage /> },
  { path: 'test-checkout/:id', element: <TestCheckoutPage /> },
  { path: '500', element: <ServerErrorPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    children: [
      { path: '/', children: pages },
      { path: '/:lang', element: <LanguageGate />, children: pages },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
