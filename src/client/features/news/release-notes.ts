/** What's new in Dealmap: release notes of what exists today, newest first. */
export interface ReleaseNote {
  version: string;
  /** ISO date. */
  date: string;
  title: string;
  items: string[];
}

export const RELEASE_NOTES: ReleaseNote[] = [
  {
    version: '0.1.0',
    date: '2025-11-22',
    title: 'Accounts, sign-in and the app shell',
    items: [
      'Create an account with your email and a password, then sign in and out securely.',
      'Forgot your password? Request a reset email and choose a new password from the link.',
      'Sessions renew themselves in the background, so you stay signed in while you work.',
      'Light and dark themes: follow your system setting or pick one with the header switch.',
      'Your profile shows the investment markets, interests and strategies available to choose from.',
      'Quick actions menu: a mortgage payment calculator, a private notepad, and shortcuts to share or open this page.',
      'Agents get a Contacts area; administrators get Admin Settings.',
    ],
  },
];
