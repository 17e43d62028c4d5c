import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { User } from '../../../shared/api-types';
import { propertySelected } from '../../features/map/map-slice';
import { NotificationBell } from '../../features/notifications';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { AppNavLeft, NavLinks, RIGHT_LINKS } from '../../layout/app-nav';
import { Logo } from '../../layout/logo';
import { PhoneNavMenu } from '../../layout/phone-nav-menu';
import { useAppDispatch } from '../hooks';
import { UserMenu } from './user-menu';

/**
 * A notification chosen on the search page selects its property there (the page opens the popup and
 * writes it into the URL); a link to the page itself would not reopen it.
 */
function useOpenInPlace() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return useCallback(
    (propertyId: string) => {
      if (pathname !== '/app/search') return false;
      dispatch(propertySelected(propertyId));
      return true;
    },
    [dispatch, pathname],
  );
}

/** Sticky header: left links, centred logo, right links, the notifications bell, theme toggle and user menu. */
export function AppHeader({ user }: { user: User | null }) {
  const openInPlace = useOpenInPlace();
  return (
    <header className="dm-header dm-app-header">
      <div className="dm-header-left">
        {user ? <PhoneNavMenu user={user} /> : null}
        <AppNavLeft role={user?.role} hasUser={Boolean(user)} />
      </div>
      <div className="dm-header-center">
        <Logo to="/app" />
      </div>
      <div className="dm-header-right">
        {user ? <NavLinks items={RIGHT_LINKS} label="Your account" /> : null}
        <div className="dm-header-tools">
          {user ? <NotificationBell openInPlace={openInPlace} /> : null}
          <ThemeToggle />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}
