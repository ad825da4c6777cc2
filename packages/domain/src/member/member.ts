/** Session and sign-in constants shared by the server and the web app (SPEC sections 4 and 9). */
export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_VALIDATION_DELAY_MS = 500;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const COUNTS_REFRESH_MS = 300_000;
export const GRAPHQL_PATH = '/graphql';

/** The exact sign-in messages of SPEC section 5. */
export const LOGIN_MESSAGES = {
  wrongCredentials: 'Either email or password is incorrect',
  emailMissing: 'Email is invalid or missing',
  passwordMissing: 'Password is invalid or missing',
} as const;
