import { Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { selectToken, selectUser, useGetUserQuery, userLoaded } from '../features/session';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AntdScope } from '../components/antd-scope';
import { PageLoading } from '../components/page-loading';
import { RouteProgress } from '../components/route-progress';
import { AppHeader } from './app-header';
import { BreakpointOverlay } from './breakpoint-overlay';
import { RadialMenu } from './radial-menu/radial-menu';

/** The signed-in shell. Without a stored session it redirects to `/`, replacing history. */
export function AppShell() {
  const token = useAppSelector(selectToken);
  if (!token) return <Navigate to="/" replace />;
  return <SignedInShell />;
}

function SignedInShell() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data } = useGetUserQuery();

  useEffect(() => {
    if (data) dispatch(userLoaded(data));
  }, [data, dispatch]);

  return (
    <AntdScope>
      <div className="dm-shell dm-app-shell">
        <RouteProgress />
        <AppHeader user={user} />
        <main className="dm-app-main" id="main">
          <div className="dm-page">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <RadialMenu />
        {process.env.NODE_ENV !== 'production' ? <BreakpointOverlay /> : null}
      </div>
    </AntdScope>
  );
}

export default AppShell;
