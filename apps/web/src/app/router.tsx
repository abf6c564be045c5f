// The router: every page of the shared route table is registered here; screens not built yet render the
// one ComingSoon card. Screens are lazy-loaded so the first bundle stays small.
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, matchRoute } from '@hc/shared/routes';
import type { RouteEntry, RouteId } from '@hc/shared/routes';
import { AppLayout, RootLayout } from './layouts.tsx';
import { RouteScreen } from './RouteScreen.tsx';
import { PageSpinner } from '../lib/config/config.tsx';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { NotFoundPage } from '../components/pages/NotFoundPage.tsx';
import { ComingSoon } from './pages/ComingSoon.tsx';
import { prefetchFirstHighlightsPage } from '../features/highlights/highlightsFilters.ts';
import { readSession } from '../lib/session.ts';
import { lazyPart } from '../lib/lazyPart.ts';

const LoginPage = lazyPart(() =>
  import('../features/session/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const loadHighlightsPage = () => import('../features/highlights/HighlightsPage.tsx');
const HighlightsPage = lazyPart(() => loadHighlightsPage().then((m) => ({ default: m.HighlightsPage })));
const DocsPage = lazyPart(() =>
  import('../features/docs/DocsPage.tsx').then((m) => ({ default: m.DocsPage })),
);
const ProgramsPage = lazyPart(() =>
  import('../features/programs/ProgramsPage.tsx').then((m) => ({ default: m.ProgramsPage })),
);
const ProgramPage = lazyPart(() =>
  import('../features/programs/ProgramPage.tsx').then((m) => ({ default: m.ProgramPage })),
);
const ReviewPage = lazyPart(() =>
  import('../features/review/ReviewPage.tsx').then((m) => ({ default: m.ReviewPage })),
);
const TermsPage = lazyPart(() =>
  import('../features/terms/TermsPage.tsx').then((m) => ({ default: m.TermsPage })),
);
const HelpPage = lazyPart(() =>
  import('../features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage })),
);
const PackagesPage = lazyPart(() =>
  import('../features/packages/list/PackagesPage.tsx').then((m) => ({ default: m.PackagesPage })),
);
const SyndicationPage = lazyPart(() =>
  import('../features/syndication/SyndicationPage.tsx').then((m) => ({ default: m.SyndicationPage })),
);
const PostOnGooglePage = lazyPart(() =>
  import('../features/post-on-google/PostOnGooglePage.tsx').then((m) => ({ default: m.PostOnGooglePage })),
);
const PackageEditorPage = lazyPart(() =>
  import('../features/packages/editor/PackageEditorPage.tsx').then((m) => ({ default: m.PackageEditorPage })),
);
const StoriesPage = lazyPart(() =>
  import('../features/stories/list/StoriesPage.tsx').then((m) => ({ default: m.StoriesPage })),
);
const StoryEditorPage = lazyPart(() =>
  import('../features/stories/editor/StoryEditorPage.tsx').then((m) => ({ default: m.StoryEditorPage })),
);
const PublishersAdminPage = lazyPart(() =>
  import('../features/publishers-admin/PublishersAdminPage.tsx').then((m) => ({
    default: m.PublishersAdminPage,
  })),
);

const VerticalReviewPage = lazyPart(() =>
  import('../features/vertical/lists/VerticalReviewPage.tsx').then((m) => ({
    default: m.VerticalReviewPage,
  })),
);
const VerticalViewPage = lazyPart(() =>
  import('../features/vertical/view/VerticalViewPage.tsx').then((m) => ({ default: m.VerticalViewPage })),
);
const VerticalProgramPage = lazyPart(() =>
  import('../features/vertical/view/VerticalProgramPage.tsx').then((m) => ({
    default: m.VerticalProgramPage,
  })),
);
const FullVideoViewPage = lazyPart(() =>
  import('../features/vertical/view/FullVideoViewPage.tsx').then((m) => ({ default: m.FullVideoViewPage })),
);
const VerticalEntry = lazyPart(() =>
  import('../features/vertical/view/VerticalEntry.tsx').then((m) => ({ default: m.VerticalEntry })),
);
const SetupHomePage = lazyPart(() =>
  import('../features/monetization/setup/SetupHomePage.tsx').then((m) => ({ default: m.SetupHomePage })),
);
const SetupActionPage = lazyPart(() =>
  import('../features/monetization/setup/SelectPage.tsx').then((m) => ({ default: m.SetupActionPage })),
);
const ConfigPage = lazyPart(() =>
  import('../features/monetization/config/ConfigPage.tsx').then((m) => ({ default: m.ConfigPage })),
);
const AuditLogsPage = lazyPart(() =>
  import('../features/monetization/audit/AuditLogsPage.tsx').then((m) => ({ default: m.AuditLogsPage })),
);
const AdConfigPage = lazyPart(() =>
  import('../features/monetization/grid/AdConfigPage.tsx').then((m) => ({ default: m.AdConfigPage })),
);
const ReportsPage = lazyPart(() =>
  import('../features/monetization/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
);
const JobCenterPage = lazyPart(() =>
  import('../features/job-center/JobCenterPage.tsx').then((m) => ({ default: m.JobCenterPage })),
);

/** The screens built so far, by route id; every other page of the table shows ComingSoon. */
const SCREENS: Partial<Record<RouteId, () => ReactNode>> = {
  // /highlights is the menu group of the highlight lists; its page is the web list.
  highlights: () => <Navigate to="/highlights/web" replace />,
  highlightsWeb: () => <HighlightsPage />,
  liveStream: () => <ProgramsPage />,
  liveStreamProgram: () => <ProgramPage />,
  review: () => <ReviewPage />,
  docs: () => <DocsPage />,
  docsPage: () => <DocsPage />,
  terms: () => <TermsPage />,
  help: () => <HelpPage />,
  packages: () => <PackagesPage />,
  syndication: () => <SyndicationPage />,
  postOnGoogle: () => <PostOnGooglePage />,
  packageNew: () => <PackageEditorPage />,
  packageEdit: () => <PackageEditorPage />,
  stamp: () => <StoriesPage />,
  stampEdit: () => <StoryEditorPage />,
  publishers: () => <PublishersAdminPage />,
  liveVerticalReview: () => <VerticalReviewPage contentType="highlight" />,
  verticalReview: () => <VerticalReviewPage contentType="full_video" />,
  liveVerticalView: () => <VerticalViewPage />,
  liveVerticalViewProgram: () => <VerticalProgramPage />,
  vertical: () => <VerticalEntry />,
  verticalView: () => <FullVideoViewPage />,
  monetizationSetup: () => <SetupHomePage />,
  monetizationSelect: () => <SetupActionPage />,
  monetizationConfig: () => <ConfigPage />,
  monetizationAudit: () => <AuditLogsPage />,
  adConfig: () => <AdConfigPage />,
  reports: () => <ReportsPage />,
  jobs: () => <JobCenterPage />,
};

/**
 * The landing screen's code, fetched as the app starts (preloadScreenFor): otherwise its chunk is asked for
 * only once the session and configuration calls have answered and the shell renders it, one round trip
 * later (the list-table bench: the first page of the highlight list).
 */
const EARLY_SCREENS: Partial<Record<RouteId, () => Promise<unknown>>> = {
  highlights: loadHighlightsPage,
  highlightsWeb: loadHighlightsPage,
};

export function preloadScreenFor(pathname: string) {
  const id = matchRoute(pathname)?.route.id as RouteId | undefined;
  const load = id ? EARLY_SCREENS[id] : undefined;
  load?.().catch(() => undefined); // a failed fetch is retried, and reported, by the lazy screen itself
}

/** The landing screen's first data, asked for as the app starts beside the configuration calls. */
const EARLY_DATA: Partial<Record<RouteId, (queryClient: QueryClient) => void>> = {
  highlights: prefetchFirstHighlightsPage,
  highlightsWeb: prefetchFirstHighlightsPage,
};

export function prefetchScreenDataFor(pathname: string, queryClient: QueryClient) {
  if (!readSession()) return; // signed out: the page goes to /login
  const id = matchRoute(pathname)?.route.id as RouteId | undefined;
  if (id) EARLY_DATA[id]?.(queryClient);
}

function screenFor(route: RouteEntry): ReactNode {
  const make = SCREENS[route.id as RouteId];
  return (
    <RouteScreen id={route.id as RouteId}>{make ? make() : <ComingSoon label={route.label} />}</RouteScreen>
  );
}

const pageRoutes: RouteObject[] = (ROUTES as readonly RouteEntry[])
  .filter((route) => route.id !== 'login' && route.page !== false)
  .flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({
      path,
      element: screenFor(route),
      errorElement: <ErrorPage />,
    })),
  );

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: <AppLayout />,
        errorElement: <ErrorPage />,
        children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);
