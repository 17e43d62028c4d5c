import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ForgotPasswordPage } from '../../src/client/features/auth/forgot-password-page';
import { LoginPage } from '../../src/client/features/auth/login-page';
import { ResetForm } from '../../src/client/features/auth/password-reset-page';
import { SignupPage } from '../../src/client/features/auth/signup-page';
import { answerAll, jsonResponse, type SentCall } from './msw-server';
import { renderWithApp } from './render';

/** Typing character by character through Ant Design is slow in jsdom; a change event is enough. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

jest.setTimeout(60_000);

/** What the server answers in this test (a 500 unless the test says otherwise), and what was sent. */
let answer: () => Response;
let sent: SentCall[];
beforeEach(() => {
  answer = () => jsonResponse(500, {});
  sent = answerAll(() => answer());
});

describe('form validation (nothing is sent while invalid)', () => {
  it('login: both required messages', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotPassword');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('login: shows the server message as a general error', async () => {
    answer = () => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
    renderWithApp(<LoginPage />, { path: '/login' });
    fill(screen.getByLabelText('Email'), 'ada@example.com');
    fill(screen.getByLabelText('Password'), 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(sent[0].body).toEqual({ username: 'ada@example.com', password: 'wrong-password' });
  });

  it('login: success stores the session and follows ?from=', async () => {
    const session = { token: 't', refreshToken: 'r', user: { _id: 'u', username: 'ada@example.com', role: 'Investor' } };
    answer = () => jsonResponse(200, { data: session });
    const { store } = renderWithApp(<LoginPage />, { path: '/login?from=%2Fapp%2Fsearch%3Fplace%3DAustin' });
    fill(screen.getByLabelText('Email'), 'ada@example.com');
    fill(screen.getByLabelText('Password'), 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('App home')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ token: 't', refreshToken: 'r' });
  });

  it('signup: both required messages', async () => {
    renderWithApp(<SignupPage />, { path: '/signup' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(sent).toHaveLength(0);
  });

  it('forgot password: required, then pattern', async () => {
    renderWithApp(<ForgotPasswordPage />, { path: '/forgotPassword' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    fill(screen.getByLabelText('Email'), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is not a valid email')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('forgot password: 204 shows Check Your Inbox', async () => {
    answer = () => jsonResponse(204);
    renderWithApp(<ForgotPasswordPage />, { path: '/forgotPassword' });
    fill(screen.getByLabelText('Email'), 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Check Your Inbox')).toBeInTheDocument();
  });

  it('reset password: required messages, then a mismatch on both fields', async () => {
    renderWithApp(<ResetForm token="abc" />, { path: '/passwordReset/abc' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    fill(screen.getByLabelText('New Password'), 'first-password');
    fill(screen.getByLabelText('Confirm Password'), 'other-password');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getAllByText('Passwords do not match')).toHaveLength(2));
    expect(sent).toHaveLength(0);
  });
});
