import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '@/features/auth';
import { Layout } from './layout/Layout';

// Every page is its own chunk: the home page only loads what it shows.
const HomePage = lazy(() => import('@/features/home/pages/HomePage').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('@/features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const SupportPage = lazy(() => import('@/features/support/pages/SupportPage').then((m) => ({ default: m.SupportPage })));
const AboutPage = lazy(() => import('@/features/site/pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const PrivacyPolicyPage = lazy(() =>
  import('@/features/site/pages/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const FilesPage = lazy(() => import('@/features/files/pages/FilesPage').then((m) => ({ default: m.FilesPage })));
const SharePage = lazy(() => import('@/features/files/pages/SharePage').then((m) => ({ default: m.SharePage })));
const GigsPage = lazy(() => import('@/features/catalogue/pages/GigsPage').then((m) => ({ default: m.GigsPage })));
const GigRedirect = lazy(() =>
  import('@/features/catalogue/pages/GigRedirect').then((m) => ({ default: m.GigRedirect })),
);
const BrowsePage = lazy(() => import('@/features/catalogue/pages/BrowsePage').then((m) => ({ default: m.BrowsePage })));
const ProfilePage = lazy(() =>
  import('@/features/catalogue/pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const CompleteProfilePage = lazy(() =>
  import('@/features/catalogue/pages/CompleteProfilePage').then((m) => ({ default: m.CompleteProfilePage })),
);
const CreateServicePage = lazy(() =>
  import('@/features/catalogue/pages/CreateServicePage').then((m) => ({ default: m.CreateServicePage })),
);
const EditServicePage = lazy(() =>
  import('@/features/catalogue/pages/EditServicePage').then((m) => ({ default: m.EditServicePage })),
);
const ServiceDetailPage = lazy(() =>
  import('@/features/catalogue/pages/ServiceDetailPage').then((m) => ({ default: m.ServiceDetailPage })),
);
const MessagesPage = lazy(() =>
  import('@/features/messages/pages/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const OrdersPage = lazy(() => import('@/features/orders/pages/OrdersPage').then((m) => ({ default: m.OrdersPage })));
const OrderPage = lazy(() => import('@/features/orders/pages/OrderPage').then((m) => ({ default: m.OrderPage })));
const PayPage = lazy(() => import('@/features/payments/pages/PayPage').then((m) => ({ default: m.PayPage })));
const SuccessPage = lazy(() => import('@/features/payments/pages/SuccessPage').then((m) => ({ default: m.SuccessPage })));
const AdminPage = lazy(() => import('@/features/catalogue/pages/AdminPage').then((m) => ({ default: m.AdminPage })));
const CoursesPage = lazy(() => import('@/features/courses/pages/CoursesPage').then((m) => ({ default: m.CoursesPage })));
const CourseDetailPage = lazy(() =>
  import('@/features/courses/pages/CourseDetailPage').then((m) => ({ default: m.CourseDetailPage })),
);
const CreateCoursePage = lazy(() =>
  import('@/features/courses/pages/CreateCoursePage').then((m) => ({ default: m.CreateCoursePage })),
);
const EditCoursePage = lazy(() => import('@/features/courses/pages/EditCoursePage').then((m) => ({ default: m.EditCoursePage })));
const LearnPage = lazy(() => import('@/features/courses/pages/LearnPage').then((m) => ({ default: m.LearnPage })));
const MyCoursesPage = lazy(() => import('@/features/courses/pages/MyCoursesPage').then((m) => ({ default: m.MyCoursesPage })));
const ThankYouPage = lazy(() => import('@/features/courses/pages/ThankYouPage').then((m) => ({ default: m.ThankYouPage })));
const NotFoundPage = lazy(() => import('@/features/site/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** Every route of SPEC.md section 2, inside the shared layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/share/:token" element={<SharePage />} />
        <Route path="/gigs" element={<GigsPage />} />
        <Route path="/gig/:id" element={<GigRedirect />} />
        <Route path="/designers" element={<BrowsePage />} />
        <Route path="/profile/:userId" element={<ProfilePage />} />
        <Route path="/courses" element={<CoursesPage />} />
        <Route path="/courses/:id" element={<CourseDetailPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/files" element={<FilesPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/designers/create" element={<CompleteProfilePage />} />
          <Route path="/services/create" element={<CreateServicePage />} />
          <Route path="/services/:id" element={<ServiceDetailPage />} />
          <Route path="/services/:id/edit" element={<EditServicePage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/messages" element={<MessagesPage />} />
          <Route path="/message/:conversationID" element={<MessagesPage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/orders/:id" element={<OrderPage />} />
          <Route path="/pay/:type/:id" element={<PayPage />} />
          <Route path="/success" element={<SuccessPage />} />
          <Route path="/courses/create" element={<CreateCoursePage />} />
          <Route path="/courses/:id/edit" element={<EditCoursePage />} />
          <Route path="/courses/:id/learn" element={<LearnPage />} />
          <Route path="/my-courses" element={<MyCoursesPage />} />
          <Route path="/thank-you" element={<ThankYouPage />} />
        </Route>
        <Route path="/not-found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
