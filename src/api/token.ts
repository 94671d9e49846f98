// The visitor's token for one request (docs/protocol.md "Every request"): asked before every
// request, never cached.
import { AuthTokenError } from './errors';

export interface TokenProvider {
  /** The token for the next attempt; throws AuthTokenError when there is none to send. */
  get(): Promise<string>;
  /** The service rejected the token (401 `token_expired` / `invalid_token`). */
  rejected(): void;
}

/** header.payload.signature, each base64url (the signature may be empty: an unsigned token). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * `getToken` is the page's `getAuthToken`, or a function returning the static `authToken`. A static
 * token the service rejected stays rejected: it is not sent again, and the notice asks the visitor
 * to reload the page (the only way to get a new one). A getter is simply asked again next time.
 */
export function tokenProvider(getToken: () => string | Promise<string>, isStatic = false): TokenProvider {
  let dead = false;
  let warned = false;
  return {
    async get() {
      if (dead) throw new AuthTokenError(undefined, true);
      let token: unknown;
      try {
        token = await getToken();
      } catch (e) {
        throw new AuthTokenError(e);
      }
      if (typeof token !== 'string' || !token) throw new AuthTokenError();
      // Sent anyway (the widget never judges a token), but an HTML error page or a JSON object
      // from the token endpoint is named to the page's developer: once, and never the value.
      if (!warned && !JWT_SHAPE.test(token.trim())) {
        warned = true;
        const option = isStatic ? 'authToken' : 'getAuthToken';
        console.error(
          `ServiceWidget: check the \`${option}\` option: its token is not a JWT (three base64url parts ` +
            'separated by dots). Did your token endpoint answer 2xx with the bare token?',
        );
      }
      return token;
    },
    rejected() {
      dead = isStatic;
    },
  };
}
