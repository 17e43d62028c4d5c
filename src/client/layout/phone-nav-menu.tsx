import { Button, Dropdown, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { User } from '../../shared/api-types';
import { leftLinksFor, RIGHT_LINKS } from './app-nav';

function MenuIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/**
 * On a phone (under 768 px, where CSS shows it and hides the header's links) the header's links
 * collapse into one menu button: Dashboard, Search, Contacts (Agents), Profile and Account.
 */
export function PhoneNavMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const links = [...leftLinksFor(user.role), ...RIGHT_LINKS];
  const current = links.find((l) => (l.end ? pathname === l.to : pathname.startsWith(l.to)))?.to;
  const items: MenuProps['items'] = links.map((l) => ({ key: l.to, label: l.label }));
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: current ? [current] : [], onClick: ({ key }) => void navigate(key) }}
      trigger={['click']}
      placement="bottomLeft"
    >
      <Button type="text" className="dm-phone-nav" aria-label="Menu" icon={<MenuIcon />} />
    </Dropdown>
  );
}
