import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoginFromSitePage } from '../features/member/components/login-from-site-page';
import { LoginPage } from '../features/member/components/login-page';
import { AppLayout } from './shell/app-layout';

/** Every other page, and the table of their routes (router.tsx), load after the first download. */
const loadPages = () => import('./router');
const PageRoutes = lazy(async () => ({ default: (await loadPages()).PageRoutes }));

const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'login/from-site', element: <LoginFromSitePage /> },
      { path: '*', element: <PageRoutes /> },
    ],
  },
];

/** The shell around the page of the current URL: sign-in is at hand, the rest loads on demand. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** Starts loading the code of the page at `pathname`, e.g. beside the session check of a first visit. */
export async function preloadPage(pathname: string): Promise<void> {
  (await loadPages()).preloadPage(pathname);
}
