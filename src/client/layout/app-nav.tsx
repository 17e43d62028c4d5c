import { NavLink } from 'react-router-dom';
import { normalizeRole } from '../../shared/roles';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'dm-nav-link active' : 'dm-nav-link');

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** Left links: Dashboard, Search, Markets, Pipeline, Portfolio, and Contacts for Agents only (Admin and Investor are the same). */
export function leftLinksFor(role: string | null | undefined): NavItem[] {
  const links: NavItem[] = [
    { to: '/app', label: 'Dashboard', end: true },
    { to: '/app/search', label: 'Search' },
    { to: '/app/markets', label: 'Markets' },
    { to: '/app/pipeline', label: 'Pipeline' },
    { to: '/app/portfolio', label: 'Portfolio' },
  ];
  if (normalizeRole(role) === 'Agent') links.push({ to: '/app/contacts', label: 'Contacts' });
  return links;
}

export const RIGHT_LINKS: NavItem[] = [
  { to: '/app/profile', label: 'Profile' },
  { to: '/app/account', label: 'Account' },
];

export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <nav className="dm-nav" aria-label={label}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The signed-in header's left links; hidden entirely while there is no user. */
export function AppNavLeft({ role, hasUser }: { role: string | null | undefined; hasUser: boolean }) {
  if (!hasUser) return null;
  return <NavLinks items={leftLinksFor(role)} label="Main" />;
}
