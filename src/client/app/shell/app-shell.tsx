import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginWithReturn, selectToken, selectUser, useGetUserQuery, userLoaded } from '../../features/session';
import { useAppDispatch, useAppSelector } from '../hooks';
import { AntdScope } from '../../components/antd-scope';
import { PageLoading } from '../../components/page-loading';
import { RouteProgress } from '../../components/route-progress';
import { StartupGate } from '../../components/startup-progress';
import { AppHeader } from './app-header';
import { BreakpointOverlay } from '../../layout/breakpoint-overlay';
import { RadialMenu } from './radial-menu/radial-menu';

/** Whether this page has shown the signed-in shell: a session that ends (sign-out) goes to `/`. */
let hadSession = false;

/**
 * The signed-in shell. Without a stored session it redirects, replacing history: a deep link opened
 * signed out goes to sign-in, which returns to it (`from`); a session that ended here goes to `/`.
 */
export function AppShell() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (!token) {
    return <Navigate to={hadSession ? '/' : loginWithReturn(`${location.pathname}${location.search}`)} replace />;
  }
  return <SignedInShell />;
}

function SignedInShell() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    hadSession = true;
  }, []);
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
            <StartupGate>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </StartupGate>
          </div>
        </main>
        <RadialMenu />
        {process.env.NODE_ENV !== 'production' ? <BreakpointOverlay /> : null}
      </div>
    </AntdScope>
  );
}

export default AppShell;
