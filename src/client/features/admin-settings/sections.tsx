import { personName } from '../../../shared/format';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Market, User } from '../../../shared/api-types';
import type { AdminAccount, NamedItem } from './admin-settings-api';
import { CalculatorIcon } from '../../components/icons';
import { ItemDialog } from './item-dialogs';
import { ActiveTag } from './active-tag';
import { formatInstant } from './format-instant';
import { SectionList } from './section-list';
import { UserDialog } from './user-dialog';
import { useNavigate } from 'react-router-dom';

/** The name shown and typed to delete: the full name, or the email of a user without one. */
export const fullName = (u: Pick<User, 'firstName' | 'lastName' | 'username'>) => personName(u);
export const marketName = (m: Pick<Market, 'city' | 'state'>) => `${m.city}, ${m.state}`;
const itemName = (i: { name: string }) => i.name;

/** 'Never' when the user has not signed in yet. */
export const formatLastLogin = (value: string | null | undefined) => formatInstant(value);

const descriptionColumn = {
  title: 'Description',
  dataIndex: 'description',
  key: 'description',
  ellipsis: true,
};

const USER_COLUMNS: ColumnsType<User> = [
  { title: 'Name', key: 'name', sorter: true, render: (_: unknown, u: User) => fullName(u) },
  { title: 'Email', dataIndex: 'username', key: 'username', sorter: true },
  { title: 'Role', key: 'role', sorter: true, render: (_: unknown, u: User) => u.role ?? u.roleName },
  { title: 'Account', key: 'account', sorter: true, render: (_: unknown, u: User) => u.accountName ?? '—' },
  { title: 'Status', key: 'active', sorter: true, render: (_: unknown, u: User) => <ActiveTag active={u.active} /> },
  {
    title: 'Last Login',
    key: 'lastLogin',
    sorter: true,
    render: (_: unknown, u: User) => formatLastLogin(u.lastLogin),
  },
];

const MARKET_COLUMNS: ColumnsType<Market> = [
  { title: 'Location', key: 'city', sorter: true, render: (_: unknown, m: Market) => marketName(m) },
  descriptionColumn,
  { title: 'Status', key: 'active', sorter: true, render: (_: unknown, m: Market) => <ActiveTag active={m.active} /> },
];

const namedColumns = (activeTitle: 'Status' | 'Active'): ColumnsType<NamedItem> => [
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
  descriptionColumn,
  {
    title: activeTitle,
    key: 'active',
    sorter: true,
    render: (_: unknown, i: NamedItem) => <ActiveTag active={i.active} />,
  },
];
const STRATEGY_COLUMNS = namedColumns('Status');
const INTEREST_COLUMNS = namedColumns('Active');

const ACCOUNT_COLUMNS: ColumnsType<AdminAccount> = [
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
  { title: 'Active', key: 'active', sorter: true, render: (_: unknown, a: AdminAccount) => <ActiveTag active={a.active} /> },
];

export function UsersSection() {
  return <SectionList section="users" columns={USER_COLUMNS} rowName={fullName} confirmName={fullName} minWidth={1060} />;
}
export function MarketsSection() {
  const navigate = useNavigate();
  return (
    <SectionList
      section="markets"
      columns={MARKET_COLUMNS}
      rowName={marketName}
      extraActions={(market, name) => (
        <Tooltip title="Investment assumptions">
          <Button
            type="text"
            aria-label={`Investment assumptions for ${name}`}
            icon={<CalculatorIcon />}
            onClick={() => void navigate(`assumptions/${encodeURIComponent(market._id)}`)}
          />
        </Tooltip>
      )}
    />
  );
}
export function InterestsSection() {
  return <SectionList section="interests" columns={INTEREST_COLUMNS} rowName={itemName} />;
}
export function StrategiesSection() {
  return <SectionList section="strategies" columns={STRATEGY_COLUMNS} rowName={itemName} />;
}
export function AccountsSection() {
  return <SectionList section="accounts" columns={ACCOUNT_COLUMNS} rowName={itemName} minWidth={480} />;
}

export const AddUser = () => <UserDialog mode="add" />;
export const EditUser = () => <UserDialog mode="edit" />;
export const AddMarket = () => <ItemDialog section="markets" mode="add" />;
export const EditMarket = () => <ItemDialog section="markets" mode="edit" />;
export const AddInterest = () => <ItemDialog section="interests" mode="add" />;
export const EditInterest = () => <ItemDialog section="interests" mode="edit" />;
export const AddStrategy = () => <ItemDialog section="strategies" mode="add" />;
export const EditStrategy = () => <ItemDialog section="strategies" mode="edit" />;
export const AddAccount = () => <ItemDialog section="accounts" mode="add" />;
export const EditAccount = () => <ItemDialog section="accounts" mode="edit" />;
