import { Button, Layout, Menu } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import {
  BuildingIcon,
  CalculatorIcon,
  ChartIcon,
  DownloadIcon,
  HistoryIcon,
  MapPinIcon,
  StarIcon,
  SyncIcon,
  TargetIcon,
  UsersIcon,
} from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { RequireRole } from '../session';

export const ADMINS_ONLY = 'Admin settings are available to administrators only.';

/** The side navigation: path (relative to /app/adminSettings), label, icon. */
export const ADMIN_SECTIONS = [
  { path: 'users', label: 'Users', icon: <UsersIcon /> },
  { path: 'markets', label: 'Markets', icon: <MapPinIcon /> },
  { path: 'interests', label: 'Interests', icon: <StarIcon /> },
  { path: 'strategies', label: 'Strategies', icon: <TargetIcon /> },
  { path: 'accounts', label: 'Accounts', icon: <BuildingIcon /> },
  { path: 'rates', label: 'Rates', icon: <CalculatorIcon /> },
  { path: 'listing-feed', label: 'Listing feed', icon: <SyncIcon /> },
  { path: 'accuracy', label: 'Accuracy', icon: <ChartIcon /> },
  { path: 'backups', label: 'Backups', icon: <DownloadIcon /> },
  { path: 'audit-log', label: 'Audit Log', icon: <HistoryIcon /> },
] as const;

function AdminNav() {
  const { pathname } = useLocation();
  const current = pathname.split('/adminSettings/')[1]?.split('/')[0] ?? 'users';
  return (
    <Menu
      mode="inline"
      aria-label="Admin sections"
      selectedKeys={[current]}
      items={ADMIN_SECTIONS.map((s) => ({
        key: s.path,
        icon: s.icon,
        label: <Link to={s.path}>{s.label}</Link>,
      }))}
    />
  );
}

/** Admin Settings (Admins only): a side navigation and the chosen section. */
export function AdminSettingsPage() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <RequireRole role="Admin" message={ADMINS_ONLY}>
      <PageTitle>Admin Settings</PageTitle>
      <Layout className="dm-admin-layout" hasSider>
        <Layout.Sider
          className="dm-admin-sider"
          width={210}
          breakpoint="md"
          collapsedWidth={64}
          collapsible
          collapsed={collapsed}
          onBreakpoint={(broken) => setCollapsed(broken)}
          trigger={null}
          theme="light"
        >
          <AdminNav />
          <div className="dm-admin-sider-toggle">
            <Button
              type="text"
              size="small"
              aria-label={collapsed ? 'Expand the section menu' : 'Collapse the section menu'}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? '»' : '«'}
            </Button>
          </div>
        </Layout.Sider>
        <Layout.Content className="dm-admin-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </RequireRole>
  );
}

export default AdminSettingsPage;
