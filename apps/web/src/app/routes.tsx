import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { ProtectedRoute } from './protected-route';

// Every page is its own chunk so the first load stays small (guide §4).
const LandingPage = lazy(() => import('../pages/landing-page'));
const LoginPage = lazy(() => import('../pages/login-page'));
const CallbackPage = lazy(() => import('../pages/callback-page'));
const SignupPage = lazy(() => import('../pages/signup-page'));
const ProductSiteRedirect = lazy(() => import('../pages/product-site-redirect'));
const DashboardPage = lazy(() => import('../pages/dashboard-page'));
const NewIncidentRoute = lazy(() => import('../pages/new-incident-route'));
const IncidentPage = lazy(() => import('../pages/incident-page'));
const SearchPage = lazy(() => import('../pages/search-page'));
const SubjectsPage = lazy(() => import('../pages/subjects-page'));
const SubjectPage = lazy(() => import('../pages/subject-page'));
const ReportsPage = lazy(() => import('../pages/reports-page'));
const AnalyzePage = lazy(() => import('../pages/analyze-page'));
const AdministrationPage = lazy(() => import('../pages/administration-page'));
const ProfilePage = lazy(() => import('../pages/profile-page'));
const ErrorPage = lazy(() => import('../pages/error-page'));
const OutboxPage = lazy(() => import('../pages/outbox-page'));
const MfaPage = lazy(() => import('../pages/mfa-page'));
const StartMfaEnrolmentPage = lazy(() => import('../pages/start-mfa-enrolment-page'));
const VerifyEnrolmentPage = lazy(() => import('../pages/verify-enrolment-page'));
const Change2faPhonePage = lazy(() => import('../pages/change-2fa-phone-page'));
const Verify2faPhonePage = lazy(() => import('../pages/verify-2fa-phone-page'));

function protectedPage(path: string, page: ReactNode): RouteObject {
  return { path, element: <ProtectedRoute>{page}</ProtectedRoute> };
}

/** The route table of spec 1 §2; /analyze, /administration and /profile do not exist on mobile. */
export function appRoutes(mobile: boolean): RouteObject[] {
  const desktopOnly: RouteObject[] = mobile
    ? []
    : [
        protectedPage('analyze', <AnalyzePage />),
        protectedPage('administration', <AdministrationPage />),
        protectedPage('profile', <ProfilePage />),
        protectedPage('change2FAPhone', <Change2faPhonePage />),
        protectedPage('verify2FAPhone', <Verify2faPhonePage />),
      ];
  return [
    { path: '/login', element: <LoginPage /> },
    { path: '/callback', element: <CallbackPage /> },
    {
      path: '/',
      element: <AppLayout />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: 'incidentxpress', element: <ProductSiteRedirect /> },
        { path: 'signup', element: <SignupPage /> },
        // The two-factor step of a sign-in: a step token from the identity provider, no session yet.
        { path: 'mfa', element: <MfaPage /> },
        { path: 'startMfaEnrolloment', element: <StartMfaEnrolmentPage /> },
        { path: 'verifyEnrollment', element: <VerifyEnrolmentPage /> },
        protectedPage('dashboard', <DashboardPage />),
        protectedPage('newincident', <NewIncidentRoute />),
        // The viewer on an address of its own: the link of the incident notification emails.
        protectedPage('incident/:id', <IncidentPage />),
        protectedPage('reports', <ReportsPage />),
        protectedPage('search', <SearchPage />),
        // Issue 31: the register of subjects and a subject's page (SUBJECT_VIEW, phones too).
        protectedPage('subjects', <SubjectsPage />),
        protectedPage('subjects/:kind/:id', <SubjectPage />),
        // Issue 30: the incidents recorded on this phone, waiting to be sent.
        protectedPage('outbox', <OutboxPage />),
        ...desktopOnly,
        { path: 'errors/:type', element: <ErrorPage /> },
        { path: '*', element: <ErrorPage type="pageNotExist" /> },
      ],
    },
  ];
}
