import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { AccountPage } from '../../src/client/features/account/account-page';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const DETAILS = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const form = (name: string) => document.querySelector(`form#${name}`) as HTMLFormElement;

async function openPage(handlers: Parameters<typeof mockApi>[0] = {}) {
  const sent = mockApi({ 'GET /api/v1/auth/userDetails': [200, { data: DETAILS }], ...handlers });
  const utils = renderSignedIn(<AccountPage />, { path: '/app/account' });
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada'));
  return { sent, ...utils };
}

describe('user details form', () => {
  it('shows the form messages and sends nothing', async () => {
    const { sent } = await openPage();
    fill(screen.getByLabelText('First name'), '  ');
    fill(screen.getByLabelText('Last name'), '');
    fill(screen.getByLabelText('Username/email'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(await screen.findByText('Username/email is required')).toBeInTheDocument();
    fill(screen.getByLabelText('Username/email'), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Username/email is not a valid email')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/userDetails')).toHaveLength(0);
  });

  it('saves trimmed values, toasts, and refreshes the signed-in user', async () => {
    const { sent, store } = await openPage({
      'PATCH /api/v1/auth/userDetails': (body) => [200, { data: body }],
    });
    fill(screen.getByLabelText('First name'), ' Augusta ');
    fill(screen.getByLabelText('Username/email'), 'augusta@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('User details updated successfully.')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/userDetails')[0].body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'augusta@example.com',
    });
    expect(store.getState().session.user).toMatchObject({ firstName: 'Augusta', username: 'augusta@example.com' });
  });

  it('a taken email shows the 409 message on the field', async () => {
    await openPage({
      'PATCH /api/v1/auth/userDetails': [
        409,
        { error: { code: 'CONFLICT', message: 'An account with this email already exists' } },
      ],
    });
    fill(screen.getByLabelText('Username/email'), 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const message = await within(form('user-details')).findByText('An account with this email already exists');
    expect(message.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(screen.queryByText('User details updated successfully.')).not.toBeInTheDocument();
  });

  it('a failed load says so and offers a retry', async () => {
    mockApi({ 'GET /api/v1/auth/userDetails': [500, {}] });
    renderSignedIn(<AccountPage />, { path: '/app/account', user: makeUser() });
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('change password form', () => {
  it('requires both fields and sends nothing', async () => {
    const { sent } = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    fill(screen.getByLabelText('Current password'), 'old-password');
    fill(screen.getByLabelText('New password'), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/changePassword')).toHaveLength(0);
  });

  it('a wrong current password is shown on that field', async () => {
    await openPage({
      'POST /api/v1/auth/changePassword': [
        400,
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Current password is incorrect',
            fields: { currentPassword: 'Current password is incorrect' },
          },
        },
      ],
    });
    fill(screen.getByLabelText('Current password'), 'wrong-password');
    fill(screen.getByLabelText('New password'), 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('Current password is incorrect');
    expect(message.closest('.ant-form-item')).toHaveTextContent('Current password');
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
  });

  it('success toasts and clears the form', async () => {
    const { sent } = await openPage({
      'POST /api/v1/auth/changePassword': [200, { data: { message: 'Password changed successfully' } }],
    });
    fill(screen.getByLabelText('Current password'), 'old-password-1');
    fill(screen.getByLabelText('New password'), 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/changePassword')[0].body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
    });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });
});
