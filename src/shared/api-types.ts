/** Wire types shared by the API server and the browser client (spec section 3). */

export type RoleName = 'Admin' | 'Agent' | 'Investor';

export interface Role {
  _id: string;
  name: RoleName;
}

export interface UserProfile {
  role: RoleName;
  /** Strategy ids the user chose on the profile. */
  strategies: string[];
  markets: string[];
  interests: string[];
  experience: string | null;
}

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  /** The email address. */
  username: string;
  roleId: string;
  role: RoleName;
  roleName: RoleName;
  accountId: string | null;
  accountName: string | null;
  active: boolean;
  /** ISO date-time or null when the user never signed in. */
  lastLogin: string | null;
  profile: UserProfile;
}

/** The login, signup and refresh responses; stored whole in the browser. */
export interface SessionResponse {
  token: string;
  refreshToken: string;
  user: User;
}

export interface Strategy {
  _id: string;
  name: string;
  description: string;
  active: boolean;
}

export interface Market {
  _id: string;
  city: string;
  state: string;
  description: string;
  active: boolean;
}

export interface Interest {
  _id: string;
  name: string;
  description: string;
  active: boolean;
}

export interface Account {
  _id: string;
  name: string;
  active: boolean;
}

/** One published mortgage rate (GET /rates/latest). */
export interface Rate {
  _id: string;
  product: string;
  /** Percent, e.g. 6.26. */
  rate: number;
  /** From the product name through the loan-term helper (spec section 9). */
  termMonths: number;
  /** YYYY-MM-DD: the survey week. */
  asOf: string;
  source: string;
}

export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field name → message, for validation failures. */
    fields?: Record<string, string>;
  };
}

export interface ApiSuccess<T> {
  data: T;
}

/** Error codes the server uses; the client may branch on them. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
} as const;
