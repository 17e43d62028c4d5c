import type { User } from '../../../shared/api-types';
import { NotificationBell } from '../../features/notifications';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { AppNavLeft, NavLinks, RIGHT_LINKS } from '../../layout/app-nav';
import { Logo } from '../../layout/logo';
import { PhoneNavMenu } from '../../layout/phone-nav-menu';
import { useOpenProperty } from './use-open-property';
import { UserMenu } from './user-menu';

/** Sticky header: left links, centred logo, right links, the notifications bell, theme toggle and user menu. */
export function AppHeader({ user }: { user: User | null }) {
  const openProperty = useOpenProperty();
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
          {user ? <NotificationBell onOpen={openProperty} /> : null}
          <ThemeToggle />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}
