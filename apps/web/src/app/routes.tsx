import { isValidElement, type ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoutesFromElements, matchRoutes, Route, Routes, type RouteObject } from 'react-router';
import type { PagePath } from '@cusp/shared';
import { RequireAuth } from '@/features/auth';
import { serviceQueryOptions, servicesQueryOptions } from '@/features/catalogue/api/services';
import { readServiceFilters } from '@/features/catalogue/lib/service-filters';
import { courseQueryOptions } from '@/features/courses/api/courses';
import { conversationsQueryOptions } from '@/features/messages/api/conversations';
import { reviewsQueryOptions } from '@/features/orders/api/reviews';
import { Layout } from './layout/Layout';
import { isLazyPage, lazyPage, type LazyPage, type PageLocation } from './lazy-page';

// Every page is its own chunk: the home page only loads what it shows.
const HomePage = lazyPage(() => import('@/features/home/pages/HomePage').then((m) => m.HomePage), undefined, { strings: 'core' });
const LoginPage = lazyPage(() => import('@/features/auth/pages/LoginPage').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('@/features/auth/pages/RegisterPage').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const VerifyEmailPage = lazyPage(() => import('@/features/auth/pages/VerifyEmailPage').then((m) => m.VerifyEmailPage));
const LoginLinkPage = lazyPage(() => import('@/features/auth/pages/LoginLinkPage').then((m) => m.LoginLinkPage));
const SupportPage = lazyPage(() => import('@/features/support/pages/SupportPage').then((m) => m.SupportPage));
const AboutPage = lazyPage(() => import('@/features/site/pages/AboutPage').then((m) => m.AboutPage));
const PrivacyPolicyPage = lazyPage(() => import('@/features/site/pages/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage));
const FilesPage = lazyPage(() => import('@/features/files/pages/FilesPage').then((m) => m.FilesPage));
const SharePage = lazyPage(() => import('@/features/files/pages/SharePage').then((m) => m.SharePage));
const GigsPage = lazyPage(
  () => import('@/features/catalogue/pages/GigsPage').then((m) => m.GigsPage),
  (queryClient, { search }) => queryClient.prefetchInfiniteQuery(servicesQueryOptions('/gigs', readServiceFilters(search))),
);
const GigRedirect = lazyPage(() => import('@/features/catalogue/pages/GigRedirect').then((m) => m.GigRedirect));
const BrowsePage = lazyPage(() => import('@/features/catalogue/pages/BrowsePage').then((m) => m.BrowsePage));
const ProfilePage = lazyPage(() => import('@/features/catalogue/pages/ProfilePage').then((m) => m.ProfilePage));
const CompleteProfilePage = lazyPage(() => import('@/features/catalogue/pages/CompleteProfilePage').then((m) => m.CompleteProfilePage));
const CreateServicePage = lazyPage(() => import('@/features/catalogue/pages/CreateServicePage').then((m) => m.CreateServicePage));
const EditServicePage = lazyPage(() => import('@/features/catalogue/pages/EditServicePage').then((m) => m.EditServicePage));
const ServiceDetailPage = lazyPage(
  () => import('@/features/catalogue/pages/ServiceDetailPage').then((m) => m.ServiceDetailPage),
  (queryClient, { params }) =>
    Promise.all([
      queryClient.prefetchQuery(serviceQueryOptions(params.id ?? '')),
      queryClient.prefetchQuery(reviewsQueryOptions({ serviceId: params.id ?? '' })),
    ]),
);
// The chat draws an order's event with the orders feature's notice, handed in here: the messages feature
// sits below orders and may not import it (ADR 0029).
const MessagesPage = lazyPage(
  () =>
    Promise.all([import('@/features/messages/pages/MessagesPage'), import('@/features/orders/components/OrderEventNotice')]).then(
      ([{ MessagesPage: Page }, { OrderEventNotice }]) =>
        // Named as the page: the server renderer links a page's stylesheets and scripts by its component's name.
        function MessagesPage() {
          return <Page eventNotice={OrderEventNotice} />;
        },
    ),
  (queryClient) => queryClient.prefetchQuery(conversationsQueryOptions),
);
const OrdersPage = lazyPage(() => import('@/features/orders/pages/OrdersPage').then((m) => m.OrdersPage));
const PayoutsPage = lazyPage(() => import('@/features/payouts/pages/PayoutsPage').then((m) => m.PayoutsPage));
const OrderPage = lazyPage(() => import('@/features/orders/pages/OrderPage').then((m) => m.OrderPage));
// The 3D case review (docs/decisions/0037): three.js arrives with its viewport, a chunk of its own below this one.
const CaseReviewPage = lazyPage(() => import('@/features/orders/review/CaseReviewPage').then((m) => m.CaseReviewPage));
const PayPage = lazyPage(() => import('@/features/payments/pages/PayPage').then((m) => m.PayPage));
const SuccessPage = lazyPage(() => import('@/features/payments/pages/SuccessPage').then((m) => m.SuccessPage));
const AdminPage = lazyPage(() => import('@/features/catalogue/pages/AdminPage').then((m) => m.AdminPage));
const CoursesPage = lazyPage(() => import('@/features/courses/pages/CoursesPage').then((m) => m.CoursesPage));
const CourseDetailPage = lazyPage(
  () => import('@/features/courses/pages/CourseDetailPage').then((m) => m.CourseDetailPage),
  (queryClient, { params }) => queryClient.prefetchQuery(courseQueryOptions(params.id ?? '')),
);
const CreateCoursePage = lazyPage(() => import('@/features/courses/pages/CreateCoursePage').then((m) => m.CreateCoursePage));
const EditCoursePage = lazyPage(() => import('@/features/courses/pages/EditCoursePage').then((m) => m.EditCoursePage));
const LearnPage = lazyPage(() => import('@/features/courses/pages/LearnPage').then((m) => m.LearnPage));
const MyCoursesPage = lazyPage(() => import('@/features/courses/pages/MyCoursesPage').then((m) => m.MyCoursesPage));
const ThankYouPage = lazyPage(() => import('@/features/courses/pages/ThankYouPage').then((m) => m.ThankYouPage));
const NewsletterConfirmedPage = lazyPage(() => import('@/features/newsletter/pages/NewsletterConfirmedPage').then((m) => m.NewsletterConfirmedPage));
const NotificationsPage = lazyPage(() => import('@/features/notifications/pages/NotificationsPage').then((m) => m.NotificationsPage));
const SettingsPage = lazyPage(() => import('@/features/settings/pages/SettingsPage').then((m) => m.SettingsPage));
const EmailConfirmedPage = lazyPage(() => import('@/features/settings/pages/EmailConfirmedPage').then((m) => m.EmailConfirmedPage));
const NotFoundPage = lazyPage(() => import('@/features/site/pages/NotFoundPage').then((m) => m.NotFoundPage), undefined, {
  strings: 'core',
});

/** A page's path, one of PAGE_PATHS (the server answers 404 for any other path, ADR 0049): checked as it is typed. */
const page = (path: PagePath) => path;

/** Every route of docs/product.md §3.2, inside the shared layout. */
const ROUTES = (
  <Route element={<Layout />}>
    <Route index element={<HomePage />} />
    <Route path={page('/login')} element={<LoginPage />} />
    <Route path={page('/register')} element={<RegisterPage />} />
    <Route path={page('/forgot-password')} element={<ForgotPasswordPage />} />
    <Route path={page('/reset-password')} element={<ResetPasswordPage />} />
    <Route path={page('/verify-email')} element={<VerifyEmailPage />} />
    <Route path={page('/login-link')} element={<LoginLinkPage />} />
    <Route path={page('/support')} element={<SupportPage />} />
    <Route path={page('/newsletter/confirmed')} element={<NewsletterConfirmedPage />} />
    <Route path={page('/settings/email-confirmed')} element={<EmailConfirmedPage />} />
    <Route path={page('/about')} element={<AboutPage />} />
    <Route path={page('/privacy-policy')} element={<PrivacyPolicyPage />} />
    <Route path={page('/share/:token')} element={<SharePage />} />
    <Route path={page('/gigs')} element={<GigsPage />} />
    <Route path={page('/gig/:id')} element={<GigRedirect />} />
    <Route path={page('/designers')} element={<BrowsePage />} />
    <Route path={page('/profile/:userId')} element={<ProfilePage />} />
    <Route path={page('/courses')} element={<CoursesPage />} />
    <Route path={page('/courses/:id')} element={<CourseDetailPage />} />
    <Route element={<RequireAuth />}>
      <Route path={page('/files')} element={<FilesPage />} />
      <Route path={page('/profile')} element={<ProfilePage />} />
      <Route path={page('/designers/create')} element={<CompleteProfilePage />} />
      <Route path={page('/services/create')} element={<CreateServicePage />} />
      <Route path={page('/services/:id')} element={<ServiceDetailPage />} />
      <Route path={page('/services/:id/edit')} element={<EditServicePage />} />
      <Route path={page('/admin')} element={<AdminPage />} />
      <Route path={page('/messages')} element={<MessagesPage />} />
      <Route path={page('/message/:conversationID')} element={<MessagesPage />} />
      <Route path={page('/orders')} element={<OrdersPage />} />
      <Route path={page('/orders/:id')} element={<OrderPage />} />
      <Route path={page('/orders/:id/review')} element={<CaseReviewPage />} />
      <Route path={page('/payouts')} element={<PayoutsPage />} />
      <Route path={page('/pay/:type/:id')} element={<PayPage />} />
      <Route path={page('/success')} element={<SuccessPage />} />
      <Route path={page('/courses/create')} element={<CreateCoursePage />} />
      <Route path={page('/courses/:id/edit')} element={<EditCoursePage />} />
      <Route path={page('/courses/:id/learn')} element={<LearnPage />} />
      <Route path={page('/my-courses')} element={<MyCoursesPage />} />
      <Route path={page('/thank-you')} element={<ThankYouPage />} />
      <Route path={page('/notifications')} element={<NotificationsPage />} />
      <Route path={page('/settings')} element={<SettingsPage />} />
    </Route>
    <Route path={page('/not-found')} element={<NotFoundPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{ROUTES}</Routes>;
}

const routeObjects = createRoutesFromElements(ROUTES);

/** Whether the page at `pathname` is for members only (inside RequireAuth: a visitor is sent to /login). */
export function membersOnly(pathname: string): boolean {
  return (matchRoutes(routeObjects, pathname) ?? []).some(
    (match) => isValidElement(match.route.element) && match.route.element.type === RequireAuth,
  );
}

/** The lazy pages shown at `pathname` (the layout's and the page's), with where they are opened. */
export function pagesAt(pathname: string, search = ''): Array<{ page: LazyPage; location: PageLocation }> {
  return (matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => {
    const page = isValidElement(match.route.element) ? (match.route.element as ReactElement).type : null;
    return isLazyPage(page) ? [{ page, location: { params: match.params, search: new URLSearchParams(search) } }] : [];
  });
}

/**
 * Fetches the code of the page at `pathname` and, given a query client, starts its main request
 * (start.tsx calls it beside the language, before the first render), so the page waits for neither
 * the app's render to ask for its chunk nor its own render to ask for its data.
 */
export function preloadPage(pathname: string, search = '', queryClient?: QueryClient): Promise<unknown> {
  return Promise.all(
    pagesAt(pathname, search).map(({ page, location }) => {
      if (queryClient) void page.prefetch?.(queryClient, location);
      return page.preload();
    }),
  );
}

/** Every path the routes above declare (routes.test.tsx checks they are PAGE_PATHS, which the server answers 200). */
export function declaredPaths(routes: RouteObject[] = routeObjects): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...declaredPaths(route.children ?? [])]);
}
