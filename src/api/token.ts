// The visitor's token for one request (contract 2: asked before every request, never cached).
import { AuthTokenError } from './errors';

export interface TokenProvider {
  /** The token for the next attempt; throws AuthTokenError when there is none to send. */
  get(): Promise<string>;
  /** The service rejected the token (401 `token_expired` / `invalid_token`). */
  rejected(): void;
}

/**
 * `getToken` is the page's `getAuthToken`, or a function returning the static `authToken`. A static
 * token the service rejected stays rejected: it is not sent again, and the notice asks the visitor
 * to reload the page (the only way to get a new one). A getter is simply asked again next time.
 */
export function tokenProvider(getToken: () => string | Promise<string>, isStatic = false): TokenProvider {
  let dead = false;
  return {
    async get() {
      if (dead) throw new AuthTokenError(undefined, true);
      let token: unknown;
      try {
        token = await getToken();
      } catch (e) {
        throw new AuthTokenError(e);
      }
      if (typeof token != 'string' || !token) throw new AuthTokenError();
      return token;
    },
    rejected() {
      dead = isStatic;
    },
  };
}
