import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { EmailUnverifiedBanner } from '@/features/auth';
import { PageLoader } from '@/components/PageLoader';
import { Footer } from './Footer';
import { HelpWidget } from './HelpWidget';
import { Navbar } from './Navbar';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink, MAIN_CONTENT_ID } from './SkipLink';
import classes from './Layout.module.css';

/** The frame around every page: skip link, header, main (lazy page), footer, help widget. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className={classes.shell}>
      <SkipLink />
      <Navbar />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <EmailUnverifiedBanner />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
      <HelpWidget />
      <ScrollToTop />
    </div>
  );
}
