import {
  checkEmail,
  validateChangePassword,
  validateForgotPassword,
  validateLogin,
  validateResetPassword,
  validateSignup,
  validateUserDetails,
} from '../../src/shared/validation';

describe('login and signup rules', () => {
  it('requires email and password with the spec messages', () => {
    expect(validateLogin({})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('signup has the same required messages, then checks the address and the password length', () => {
    expect(validateSignup({})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateSignup({ email: 'nope', password: 'longenough' })).toEqual({ email: 'Email is not a valid email' });
    expect(validateSignup({ email: 'a@b.co', password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateSignup({ email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
    expect(validateSignup({ email: 'a@b.co', password: 'x'.repeat(128) })).toEqual({});
  });
});

describe('email check', () => {
  it('uses the field label when given', () => {
    expect(checkEmail('', 'Username/email')).toBe('Username/email is required');
    expect(checkEmail('a@', 'Username/email')).toBe('Username/email is not a valid email');
    expect(checkEmail('')).toBe('Email is required');
    expect(checkEmail(' person@example.com ')).toBeUndefined();
  });

  it('forgot password rejects a non-string with "Invalid email address"', () => {
    expect(validateForgotPassword({ email: 42 })).toEqual({ email: 'Invalid email address' });
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'Email is required' });
    expect(validateForgotPassword({ email: 'x@y' })).toEqual({ email: 'Email is not a valid email' });
    expect(validateForgotPassword({ email: 'x@y.io' })).toEqual({});
  });
});

describe('reset password rules', () => {
  it('requires both fields with their own messages', () => {
    expect(validateResetPassword({})).toEqual({
      password: 'Please enter a password',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('reports a mismatch on both fields', () => {
    expect(validateResetPassword({ password: 'abcdefgh', confirmPassword: 'abcdefgX' })).toEqual({
      password: 'Passwords do not match',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateResetPassword({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({});
  });

  it('rejects a non-string with "Invalid password type"', () => {
    expect(validateResetPassword({ password: 12345678, confirmPassword: 12345678 })).toEqual({
      password: 'Invalid password type',
    });
  });
});

describe('account forms', () => {
  it('user details need first name, last name and a valid username/email', () => {
    expect(validateUserDetails({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Username/email is required',
    });
    expect(validateUserDetails({ firstName: 'A', lastName: 'B', email: 'bad' })).toEqual({
      email: 'Username/email is not a valid email',
    });
  });

  it('change password needs both passwords', () => {
    expect(validateChangePassword({})).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'longenough' })).toEqual({});
  });
});
