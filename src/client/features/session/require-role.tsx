import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Navigate } from 'react-router-dom';
import type { RoleName } from '../../../shared/api-types';
import { normalizeRole } from '../../../shared/roles';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from './session-slice';

interface RequireRoleProps {
  role: RoleName;
  /** Toast shown to everyone else before they are sent to /app. */
  message: string;
  children: ReactNode;
}

/** Lets only one role through; others go to /app with a toast. Waits for the user to load. */
export function RequireRole({ role, message, children }: RequireRoleProps) {
  const user = useAppSelector(selectUser);
  const allowed = user ? normalizeRole(user.role) === role : undefined;

  useEffect(() => {
    if (allowed === false) toast.error(message, { id: `role-guard-${role}` });
  }, [allowed, message, role]);

  if (allowed === undefined) return <Spin aria-label="Loading" />;
  if (!allowed) return <Navigate to="/app" replace />;
  return <>{children}</>;
}
