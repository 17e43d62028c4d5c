import { APILoadingStatus, useApiLoadingStatus } from '@vis.gl/react-google-maps';
import { useEffect, useState, type ReactNode } from 'react';

export function MapMessage({ children, testId = 'map-message' }: { children: ReactNode; testId?: string }) {
  return (
    <div className="dm-map-message" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}

/** Google calls window.gm_authFailure when it rejects the key; the map is replaced by 'Error: AuthFailure'. */
export function useGmAuthFailure(): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const previous = window.gm_authFailure;
    window.gm_authFailure = () => {
      setFailed(true);
      previous?.();
    };
    return () => {
      window.gm_authFailure = previous;
    };
  }, []);
  return failed;
}

/** Reports the loader's FAILED / AUTH_FAILURE status upwards. */
export function LoadingStatusWatcher({ onFailed, onAuthFailure }: { onFailed: () => void; onAuthFailure: () => void }) {
  const status = useApiLoadingStatus();
  useEffect(() => {
    if (status === APILoadingStatus.FAILED) onFailed();
    if (status === APILoadingStatus.AUTH_FAILURE) onAuthFailure();
  }, [status, onFailed, onAuthFailure]);
  return null;
}
