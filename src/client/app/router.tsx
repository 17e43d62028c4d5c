import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { ErrorPage } from '../layout/error-page';
import { NotFoundPage } from '../layout/not-found-page';
import { PublicShell } from './shell/public-shell';

/*
 * The landing page and the public shell ship in the main chunk, without Ant Design, for a fast first
 * paint; every other page is lazy, inside the Ant Design scope (docs/client.md, "First load").
 */
const AntdOutlet = lazy(() => import(/* webpackChunkName: "antd-scope" */ '../components/antd-scope'));
const AppShell = lazy(() => import(/* webpackChunkName: "app-shell" */ './shell/app-shell'));
const AboutPage = lazy(() => import(/* webpackChunkName: "about" */ '../features/about/about-page'));
const DetailsPage = lazy(() => import(/* webpackChunkName: "details" */ '../features/details/details-page'));
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/login-page'));
const SignupPage = lazy(() => import(/* webpackChunkName: "signup" */ '../features/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password-page'));
const PasswordResetPage = lazy(() => import(/* webpackChunkName: "password-reset" */ '../features/auth/password-reset-page'));
const LogoutPage = lazy(() => import(/* webpackChunkName: "logout" */ '../features/session/logout-page'));
const UnsubscribePage = lazy(() => import(/* webpackChunkName: "unsubscribe" */ '../features/notifications/unsubscribe-page'));
const loadAccuracy = () => import(/* webpackChunkName: "accuracy" */ '../features/accuracy/accuracy-page');
const AccuracyPage = lazy(() => loadAccuracy().then((m) => ({ default: m.AccuracyPage })));
const AccuracyMarketPage = lazy(() => loadAccuracy().then((m) => ({ default: m.AccuracyMarketPage })));

/* Signed-in pages. */
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/dashboard-page'));
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../features/account/account-page'));
const ContactsPage = lazy(() => import(/* webpackChunkName: "contacts" */ '../features/contacts/contacts-page'));
const HelpPage = lazy(() => import(/* webpackChunkName: "help" */ '../features/help/help-page'));
const MarketsPage = lazy(() => import(/* webpackChunkName: "markets" */ '../features/markets/markets-page'));
const SearchPage = lazy(() => import(/* webpackChunkName: "search" */ '../features/map/search-page'));
const PipelinePage = lazy(() => import(/* webpackChunkName: "pipeline" */ '../features/pipeline/pipeline-page'));
const PortfolioPage = lazy(() => import(/* webpackChunkName: "portfolio" */ '../features/portfolio/portfolio-page'));
const PortfolioPropertyPage = lazy(
  () => import(/* webpackChunkName: "portfolio" */ '../features/portfolio/portfolio-property-page'),
);
const PropertyPage = lazy(() => import(/* webpackChunkName: "property" */ '../features/property/property-page'));
const SharedReportPage = lazy(() => import(/* webpackChunkName: "shared-report" */ '../features/property/shared-report-page'));
const AdminSettingsPage = lazy(
  () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/admin-settings-page'),
);
const loadAdmin = () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/sections');
const loadAudit = () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/audit-log');
const adminPart = <K extends keyof Awaited<ReturnType<typeof loadAdmin>>>(name: K) =>
  lazy(() => loadAdmin().then((m) => ({ default: m[name] as () => React.JSX.Element })));
const UsersSection = adminPart('UsersSection');
const MarketsSection = adminPart('MarketsSection');
const InterestsSection = adminPart('InterestsSection');
const StrategiesSection = adminPart('StrategiesSection');
const AccountsSection = adminPart('AccountsSection');
const AddUser = adminPart('AddUser');
const EditUser = adminPart('EditUser');
const AddMarket = adminPart('AddMarket');
const EditMarket = adminPart('EditMarket');
const AddInterest = adminPart('AddInterest');
const EditInterest = adminPart('EditInterest');
const AddStrategy = adminPart('AddStrategy');
const EditStrategy = adminPart('EditStrategy');
const AddAccount = adminPart('AddAccount');
const EditAccount = adminPart('EditAccount');
const MarketAssumptions = lazy(
  () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/market-assumptions-dialog'),
);
const loadRates = () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/rates-section');
const RatesSection = lazy(() => loadRates().then((m) => ({ default: m.RatesSection })));
const AddRate = lazy(() => loadRates().then((m) => ({ default: m.AddRate })));
const EditRate = lazy(() => loadRates().then((m) => ({ default: m.EditRate })));
const ListingFeedSection = lazy(
  () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/listing-feed-section'),
);
const AccuracySection = lazy(
  () => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/accuracy-section'),
);
const BackupsSection = lazy(() => import(/* webpackChunkName: "admin-settings" */ '../features/admin-settings/backups-section'));
const AuditLogSection = lazy(() => loadAudit().then((m) => ({ default: m.AuditLogSection })));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/profile-page'));
const ProfileOverview = lazy(() =>
  import(/* webpackChunkName: "profile" */ '../features/profile/profile-page').then((m) => ({
    default: m.ProfileOverview,
  })),
);
const loadLookups = () => import(/* webpackChunkName: "profile-lookups" */ '../features/profile/profile-lookups');
const MarketsTab = lazy(() => loadLookups().then((m) => ({ default: m.MarketsTab })));
const InterestsTab = lazy(() => loadLookups().then((m) => ({ default: m.InterestsTab })));
const StrategiesTab = lazy(() => loadLookups().then((m) => ({ default: m.StrategiesTab })));
const loadExtra = () => import(/* webpackChunkName: "profile-extra" */ '../features/profile/profile-extra-tabs');
const ExperienceTab = lazy(() => loadExtra().then((m) => ({ default: m.ExperienceTab })));
const TargetsTab = lazy(() => loadExtra().then((m) => ({ default: m.TargetsTab })));
const ProfileContactsTab = lazy(() => loadExtra().then((m) => ({ default: m.ProfileContactsTab })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <AntdOutlet />,
        children: [
          { path: 'about', element: <AboutPage /> },
          { path: 'details', element: <DetailsPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'forgotPassword', element: <ForgotPasswordPage /> },
          { path: 'passwordReset/:token', element: <PasswordResetPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          { path: 'shared/:token', element: <SharedReportPage /> },
          { path: 'accuracy', element: <AccuracyPage /> },
          { path: 'accuracy/:state/:city', element: <AccuracyMarketPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/app',
    element: (
      <Suspense fallback={<PageLoading />}>
        <AppShell />
      </Suspense>
    ),
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'contacts', element: <ContactsPage /> },
      { path: 'help', element: <HelpPage /> },
      {
        path: 'profile',
        element: <ProfilePage />,
        children: [
          { index: true, element: <ProfileOverview /> },
          { path: 'markets', element: <MarketsTab /> },
          { path: 'interests', element: <InterestsTab /> },
          { path: 'strategies', element: <StrategiesTab /> },
          { path: 'experience', element: <ExperienceTab /> },
          { path: 'targets', element: <TargetsTab /> },
          { path: 'contacts', element: <ProfileContactsTab /> },
        ],
      },
      { path: 'search', element: <SearchPage /> },
      { path: 'markets', element: <MarketsPage /> },
      { path: 'pipeline', element: <PipelinePage /> },
      { path: 'portfolio', element: <PortfolioPage /> },
      { path: 'portfolio/:id', element: <PortfolioPropertyPage /> },
      { path: 'property/:id', element: <PropertyPage /> },
      {
        path: 'adminSettings',
        element: <AdminSettingsPage />,
        children: [
          { index: true, element: <Navigate to="users" replace /> },
          {
            path: 'users',
            element: <UsersSection />,
            children: [
              { path: 'add', element: <AddUser /> },
              { path: 'edit/:id', element: <EditUser /> },
            ],
          },
          {
            path: 'markets',
            element: <MarketsSection />,
            children: [
              { path: 'add', element: <AddMarket /> },
              { path: 'edit/:id', element: <EditMarket /> },
              { path: 'assumptions/:id', element: <MarketAssumptions /> },
            ],
          },
          {
            path: 'interests',
            element: <InterestsSection />,
            children: [
              { path: 'add', element: <AddInterest /> },
              { path: 'edit/:id', element: <EditInterest /> },
            ],
          },
          {
            path: 'strategies',
            element: <StrategiesSection />,
            children: [
              { path: 'add', element: <AddStrategy /> },
              { path: 'edit/:id', element: <EditStrategy /> },
            ],
          },
          {
            path: 'accounts',
            element: <AccountsSection />,
            children: [
              { path: 'add', element: <AddAccount /> },
              { path: 'edit/:id', element: <EditAccount /> },
            ],
          },
          {
            path: 'rates',
            element: <RatesSection />,
            children: [
              { path: 'add', element: <AddRate /> },
              { path: 'edit/:id', element: <EditRate /> },
            ],
          },
          { path: 'listing-feed', element: <ListingFeedSection /> },
          { path: 'accuracy', element: <AccuracySection /> },
          { path: 'backups', element: <BackupsSection /> },
          { path: 'audit-log', element: <AuditLogSection /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
