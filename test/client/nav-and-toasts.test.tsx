import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { App as AntApp } from 'antd';
import { makeStore } from '../../src/client/app/store';
import { useToastLimit } from '../../src/client/components/app-toaster';
import { AppHeader } from '../../src/client/app/shell/app-header';
import type { User } from '../../src/shared/api-types';
import { mockApi } from './api-mock';

const userWith = (role: string) =>
  ({ _id: 'u', firstName: 'Ada', lastName: 'L', username: 'ada@example.com', role }) as unknown as User;

function renderHeader(user: User | null) {
  return render(
    <Provider store={makeStore()}>
      <AntApp>
        <MemoryRouter initialEntries={['/app']}>
          <AppHeader user={user} />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
}

describe('signed-in navigation', () => {
  // The header's bell asks for the notifications (test/client/notifications.test.tsx covers it).
  beforeEach(() => mockApi({ 'GET /api/v1/auth/notifications': [200, { data: { notifications: [], unread: 0 } }] }));

  it.each(['Agent'])('%s sees Contacts', (role) => {
    renderHeader(userWith(role));
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/app/contacts');
  });

  it.each(['Admin', 'Investor', 'Mystery'])('%s does not see Contacts', (role) => {
    renderHeader(userWith(role));
    expect(screen.queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument();
    for (const name of ['Dashboard', 'Search', 'Profile', 'Account']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Toggle theme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^User menu/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeInTheDocument();
  });

  it('hides the signed-in links while there is no user', () => {
    renderHeader(null);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^User menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});

function VisibleCount() {
  useToastLimit(3);
  const { toasts } = useToasterStore();
  return <output data-testid="visible">{toasts.filter((t) => t.visible).length}</output>;
}

describe('toast limit', () => {
  it('keeps at most 3 toasts visible, dismissing the oldest', () => {
    render(<VisibleCount />);
    const ids: string[] = [];
    act(() => {
      for (let i = 1; i <= 5; i += 1) ids.push(toast(`Message ${i}`));
    });
    expect(screen.getByTestId('visible')).toHaveTextContent('3');
    act(() => {
      toast.remove();
    });
  });
});
