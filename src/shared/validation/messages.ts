/** The product's validation messages, word for word. */
export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  fieldRequired: (field: string) => `${field} is required`,
  invalidEmailFor: (field: string) => `${field} is not a valid email`,
  invalidEmailAddress: 'Invalid email address',
  resetPasswordRequired: 'Please enter a password',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidPasswordType: 'Invalid password type',
  passwordTooShort: `Password must be at least 8 characters`,
  passwordTooLong: `Password must be at most 128 characters`,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
