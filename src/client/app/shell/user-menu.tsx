import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../shared/api-types';
import { normalizeRole } from '../../../shared/roles';
import { useLogout } from '../../features/session/use-logout';

export function displayName(user: User): string {
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return name || user.username;
}

function initials(user: User): string {
  const parts = [user.firstName, user.lastName].filter(Boolean).map((p) => p.charAt(0).toUpperCase());
  return parts.join('') || user.username.charAt(0).toUpperCase();
}

/** The user menu: name and email, Help, Admin Settings (Admins only) and Logout. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const admin = normalizeRole(user.role) === 'Admin';

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div className="dm-user-menu-who">
          <strong>{displayName(user)}</strong>
          <span>{user.username}</span>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'help', label: 'Help' },
    ...(admin ? [{ key: 'adminSettings', label: 'Admin Settings' }] : []),
    { type: 'divider' },
    { key: 'logout', label: 'Logout', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'help') void navigate('/app/help');
    else if (key === 'adminSettings') void navigate('/app/adminSettings');
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* The name includes the initials shown, so speech input ("click GH") finds the button. */}
      <Button type="text" shape="circle" aria-label={`User menu ${initials(user)}`} className="dm-user-menu-trigger">
        <Avatar size={32} className="dm-avatar">
          {initials(user)}
        </Avatar>
      </Button>
    </Dropdown>
  );
}
