import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import { RouteProgress } from '../../components/route-progress';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { Logo } from '../../layout/logo';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'dm-nav-link active' : 'dm-nav-link');

/** Public shell: header (left Home, About; right Login, Sign Up, theme toggle) above the page. */
export function PublicShell() {
  return (
    <div className="dm-shell dm-public-shell">
      <RouteProgress />
      <header className="dm-header dm-public-header">
        <nav className="dm-nav dm-nav-left" aria-label="Main">
          <Logo />
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavLink to="/about" className={linkClass}>
            About
          </NavLink>
        </nav>
        <nav className="dm-nav dm-nav-right" aria-label="Account">
          <NavLink to="/login" className={linkClass}>
            Login
          </NavLink>
          <NavLink to="/signup" className={({ isActive }) => `dm-nav-link dm-nav-cta${isActive ? ' active' : ''}`}>
            Sign Up
          </NavLink>
          <ThemeToggle />
        </nav>
      </header>
      <main className="dm-public-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="dm-footer">
        © {new Date().getFullYear()} Dealmap · Investment research, not financial advice. ·{' '}
        <Link to="/accuracy" className="dm-footer-link">
          How accurate our estimates are
        </Link>
      </footer>
    </div>
  );
}
