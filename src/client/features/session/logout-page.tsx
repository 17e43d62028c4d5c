import { useEffect, useRef } from 'react';
import { useDocumentTitle } from '../../components/document-title';
import { PageLoading } from '../../components/page-loading';
import { useLogout } from './use-logout';

/** /logout: signs out (server session, local storage, caches) and goes to `/`. */
export function LogoutPage() {
  useDocumentTitle('Signing out');
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);
  return <PageLoading />;
}

export default LogoutPage;
