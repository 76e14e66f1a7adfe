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
const AdminAnalyticsPage = lazy(() => import('../pages/AdminAnalyticsPage.tsx').then((m) => ({ default: m.AdminAnalyticsPage })));
// The admin console: one layout (guard + section nav) around its pages.
const AdminLayout = lazy(() => import('../pages/admin/AdminLayout.tsx').then((m) => ({ default: m.AdminLayout })));
const AdminIndexRedirect = lazy(() => import('../pages/admin/AdminLayout.tsx').then((m) => ({ default: m.AdminIndexRedirect })));
const AdminReportsPage = lazy(() => import('../pages/admin/AdminReportsPage.tsx').then((m) => ({ default: m.AdminReportsPage })));
const AdminTasksPage = lazy(() => import('../pages/admin/AdminTasksPage.tsx').then((m) => ({ default: m.AdminTasksPage })));
const AdminTaskPage = lazy(() => import('../pages/admin/AdminTaskPage.tsx').then((m) => ({ default: m.AdminTaskPage })));
const AdminCreationsPage = lazy(() => import('../pages/admin/AdminCreationsPage.tsx').then((m) => ({ default: m.AdminCreationsPage })));
const AdminUsersPage = lazy(() => import('../pages/admin/AdminUsersPage.tsx').then((m) => ({ default: m.AdminUsersPage })));
const AdminUserPage = lazy(() => import('../pages/admin/AdminUserPage.tsx').then((m) => ({ default: m.AdminUserPage })));
const AdminCatalogPage = lazy(() => import('../pages/admin/AdminCatalogPage.tsx').then((m) => ({ default: m.AdminCatalogPage })));
const AdminModelsPage = lazy(() => import('../pages/admin/AdminModelsPage.tsx').then((m) => ({ default: m.AdminModelsPage })));
const AdminAuditPage = lazy(() => import('../pages/admin/AdminAuditPage.tsx').then((m) => ({ default: m.AdminAuditPage })));
const PricingPage = lazy(() => import('../pages/PricingPage.tsx').then((m) => ({ default: m.PricingPage })));
const TestCheckoutPage = lazy(() => import('../pages/TestCheckoutPage.tsx').then((m) => ({ default: m.TestCheckoutPage })));
const TestPaymentMethodPage = lazy(() => import('../pages/TestCheckoutPage.tsx').then((m) => ({ default: m.TestPaymentMethodPage })));
const SignInPage = lazy(() => import('../pages/SignInPage.tsx').then((m) => ({ default: m.SignInPage })));
const SignInGooglePage = lazy(() => import('../pages/SignInGooglePage.tsx').then((m) => ({ default: m.SignInGooglePage })));
const ExplorePage = lazy(() => import('../pages/ExplorePage.tsx').then((m) => ({ default: m.ExplorePage })));
const FlowTemplatesPage = lazy(() => import('../pages/FlowTemplatesPage.tsx').then((m) => ({ default: m.FlowTemplatesPage })));
const AreaLandingPage = lazy(() => import('../pages/LandingPages.tsx').then((m) => ({ default: m.AreaLandingPage })));
const ModelLandingPage = lazy(() => import('../pages/LandingPages.tsx').then((m) => ({ default: m.ModelLandingPage })));
const EffectsPage = lazy(() => import('../pages/EffectPages.tsx').then((m) => ({ default: m.EffectsPage })));
const EffectDetailPage = lazy(() => import('../pages/EffectPages.tsx').then((m) => ({ default: m.EffectDetailPage })));
const ProductPhotoPage = lazy(() => import('../pages/EffectPages.tsx').then((m) => ({ default: m.ProductPhotoPage })));
const ModelFittingPage = lazy(() => import('../pages/EffectPages.tsx').then((m) => ({ default: m.ModelFittingPage })));
const ApiPage = lazy(() => import('../pages/ApiPage.tsx').then((m) => ({ default: m.ApiPage })));
const ApiPlatformPage = lazy(() => import('../pages/ApiPlatformPage.tsx').then((m) => ({ default: m.ApiPlatformPage })));
const ApiDocsPage = lazy(() => import('../pages/ApiPlatformPage.tsx').then((m) => ({ default: m.ApiDocsPage })));
const StartForFreePage = lazy(() => import('../pages/StartForFreePage.tsx').then((m) => ({ default: m.StartForFreePage })));
const InspirationPage = lazy(() => import('../pages/InspirationPage.tsx').then((m) => ({ default: m.InspirationPage })));
const AiVideoPage = lazy(() => import('../pages/AiVideoPage.tsx').then((m) => ({ default: m.AiVideoPage })));
const AiAvatarPage = lazy(() => import('../pages/AiAvatarPage.tsx').then((m) => ({ default: m.AiAvatarPage })));
const AiShortsPage = lazy(() => import('../pages/AiShortsPage.tsx').then((m) => ({ default: m.AiShortsPage })));
const VideoEditorPage = lazy(() => import('../pages/VideoEditorPage.tsx').then((m) => ({ default: m.VideoEditorPage })));
const ProjectsPage = lazy(() => import('../pages/ProjectsPage.tsx').then((m) => ({ default: m.ProjectsPage })));
const ProjectJoinPage = lazy(() => import('../pages/ProjectJoinPage.tsx').then((m) => ({ default: m.ProjectJoinPage })));
const CanvasPage = lazy(() => import('../pages/CanvasPage.tsx').then((m) => ({ default: m.CanvasPage })));
const ContentPage = lazy(() => import('../pages/ContentPage.tsx').then((m) => ({ default: m.ContentPage })));
const AuthorPage = lazy(() => import('../pages/AuthorPage.tsx').then((m) => ({ default: m.AuthorPage })));
// The canvas engine's benchmark (bench/canvas.ts drives it); not linked anywhere.
const CanvasBenchPage = lazy(() => import('../pages/CanvasBenchPage.tsx').then((m) => ({ default: m.CanvasBenchPage })));
// In-browser trimming (ffmpeg.wasm) benchmark (bench/video.ts and e2e/video-trim drive it); not linked anywhere.
const VideoBenchPage = lazy(() => import('../pages/VideoBenchPage.tsx').then((m) => ({ default: m.VideoBenchPage })));

/** The same pages under `/` (English) and `/:lang` (the other 18 languages). */
const pages: RouteObject[] = [
  { index: true, element: <RootPage /> },
  { path: 'home', element: <HomePage /> },
  { path: 'sign-in', element: <SignInPage /> },
  { path: 'sign-in-google', element: <SignInGooglePage /> },
  { path: 'app/ai-image', element: <AiImagePage /> },
  { path: 'app/ai-tools', element: <AiToolsPage /> },
  { path: 'app/ai-tools/:slug', element: <AiToolPage /> },
  // §2 names these paths in the tool section: they open the same tool pages.
  { path: 'app/image-tools', element: <AiToolsPage /> },
  { path: 'app/tool/:slug', element: <AiToolPage /> },
  { path: 'app/image-generators', element: <AiImagePage /> },
  { path: 'app/my-creations', element: <MyCreationsPage /> },
  { path: 'app/account', element: <AccountPage /> },
  { path: 'app/missions', element: <MissionsPage /> },
  {
    path: 'app/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminIndexRedirect /> },
      { path: 'reports', element: <AdminReportsPage /> },
      { path: 'tasks', element: <AdminTasksPage /> },
      { path: 'tasks/:id', element: <AdminTaskPage /> },
      { path: 'creations', element: <AdminCreationsPage /> },
      { path: 'users', element: <AdminUsersPage /> },
      { path: 'users/:id', element: <AdminUserPage /> },
      { path: 'catalog', element: <AdminCatalogPage /> },
      { path: 'models', element: <AdminModelsPage /> },
      { path: 'audit', element: <AdminAuditPage /> },
      { path: 'analytics', element: <AdminAnalyticsPage /> },
    ],
  },
  { path: 'pricing', element: <PricingPage /> },
  // Explore section (§2): one page, a view per path.
  { path: 'explore', element: <ExplorePage view="explore" /> },
  { path: 'all', element: <ExplorePage view="all" /> },
  { path: 'video', element: <ExplorePage view="video" /> },
  { path: 'image', element: <ExplorePage view="image" /> },
  { path: 'loras', element: <ExplorePage view="loras" /> },
  { path: 'lora-detail/:id', element: <ExplorePage view="loraDetail" /> },
  { path: 'tag-detail/:tag', element: <ExplorePage view="tagDetail" /> },
  // Published flow templates (issue 24): the explore tabs' Flows.
  { path: 'flows', element: <FlowTemplatesPage /> },
  // Effects (§2): catalogue lists; the :slug variants are an effect's easy-mode page.
  { path: 'ai-effects', element: <EffectsPage variant="ai" /> },
  { path: 'video-effects', element: <EffectsPage variant="video" /> },
  { path: 'video-effects/:slug', element: <EffectDetailPage variant="video" /> },
  { path: 'photo-effects', element: <EffectsPage variant="photo" /> },
  { path: 'photo-effects/:slug', element: <EffectDetailPage variant="photo" /> },
  { path: 'app/pro-effects', element: <EffectsPage variant="pro" /> },
  { path: 'app/pro-effects/:slug', element: <EffectDetailPage variant="pro" /> },
  // Template pages: a product scene or a fitting backdrop, chosen like an effect.
  { path: 'app/product-photo', element: <ProductPhotoPage /> },
  { path: 'app/model-fitting', element: <ModelFittingPage /> },
  // Page areas and model landing pages (features/landing/landingCatalog.ts).
  { path: 'ai-video', element: <AreaLandingPage slug="ai-video" /> },
  { path: 'ai-image', element: <AreaLandingPage slug="ai-image" /> },
  { path: 'ai-avatar', element: <AreaLandingPage slug="ai-avatar" /> },
  { path: 'ai-product-avatar', element: <AreaLandingPage slug="ai-avatar" /> },
  { path: 'ai-shorts', element: <AreaLandingPage slug="ai-shorts" /> },
  { path: 'ai-tools', element: <AreaLandingPage slug="ai-tools" /> },
  { path: 'models/video/:slug', element: <ModelLandingPage kind="videoModel" /> },
  { path: 'models/image/:slug', element: <ModelLandingPage kind="imageModel" /> },
  { path: 'tools/:slug', element: <ModelLandingPage kind="tool" /> },
  { path: 'api', element: <ApiPage /> },
  // The API platform (§2, issue 19): the developer's dashboard, and the interactive API reference.
  { path: 'api-platform/docs', element: <ApiDocsPage /> },
  { path: 'api-platform/*', element: <ApiPlatformPage /> },
  { path: 'start-for-free', element: <StartForFreePage /> },
  { path: 'inspiration', element: <InspirationPage /> },
  // Easy mode for video: every video kind's form (the video tools open under app/ai-tools/:slug).
  { path: 'app/ai-video', element: <AiVideoPage /> },
  { path: 'app/ai-avatar', element: <AiAvatarPage /> },
  { path: 'app/ai-shorts', element: <AiShortsPage /> },
  { path: 'app/projects', element: <ProjectsPage /> },
  // The video editor's entry: the last project's canvas with the timeline open.
  { path: 'app/video-editor', element: <VideoEditorPage /> },
  { path: 'app/projects/join/:token', element: <ProjectJoinPage /> },
  { path: 'app/canvas/:projectId', element: <CanvasPage /> },
  { path: 'content/:id', element: <ContentPage /> },
  { path: 'author/:id', element: <AuthorPage /> },
  { path: 'app/canvas-bench', element: <CanvasBenchPage /> },
  { path: 'app/video-bench', element: <VideoBenchPage /> },
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
