// A signed-in account's session in the browser, shared by the storefront and the admin: sign-in with
// the spec's login payload (email, password, rememberMe; the answer's xsrfToken goes on every later
// request and on graphql-ws, platform-support §7) and sign-out (DELETE with query cloneCart) with the
// spec's crumbFail retry (platform-support §4 "Logout: if the response flags a crumb failure,
// repeated once"). Each client keeps its token in localStorage under its own key, so a reload or a
// second tab stays signed in for as long as the session cookie lives; without the cookie the token
// alone speaks for nobody (docs/permissions.md).
import { messages } from "../../../server/domain/messages/storefront.ts";
import { deleteJson, postJson, type RestAnswer } from "./rest.ts";

export const SESSION_PATH = "/api/site-users/account/session";

export interface SignInRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type SignInResult = { ok: true } | { ok: false; message: string };

interface FailureBody {
  error?: string;
  message?: string;
  crumbFail?: boolean;
}

const failureMessage = (answer: RestAnswer<FailureBody>) =>
  answer.status === 429 ? messages.rateLimited : (answer.body?.error ?? answer.body?.message ?? messages.pleaseTryAgain);

/** A state-changing call, sent again once when the answer is a crumb failure (the failure set a fresh crumb). */
export async function withCrumbRetry<T>(send: () => Promise<RestAnswer<T & FailureBody>>): Promise<RestAnswer<T & FailureBody>> {
  const first = await send();
  return first.body?.crumbFail ? send() : first;
}

export interface Session {
  /** The xsrf token of the signed-in account, or null (the Relay environment's token source). */
  storedXsrfToken(): string | null;
  /** Keeps a token another call answered with (a sign-up signs in too). */
  keepXsrfToken(token: string | null): void;
  signIn(request: SignInRequest): Promise<SignInResult>;
  /** Ends the session; the token is forgotten even when the server could not be reached. */
  signOut(options?: { cloneCart?: boolean }): Promise<void>;
}

/** The session of one client, its token kept in localStorage under `storageKey`. */
export function createSession(storageKey: string): Session {
  const storedXsrfToken = (): string | null => {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null; // storage blocked: the session cannot be resumed, the account signs in again
    }
  };
  const keepXsrfToken = (token: string | null): void => {
    try {
      if (token) window.localStorage.setItem(storageKey, token);
      else window.localStorage.removeItem(storageKey);
    } catch {
      // storage blocked: nothing to keep
    }
  };
  return {
    storedXsrfToken,
    keepXsrfToken,
    async signIn(request) {
      const answer = await withCrumbRetry(() => postJson<{ xsrfToken?: string } & FailureBody>(SESSION_PATH, request));
      if (answer.status === 200 && answer.body?.xsrfToken) {
        keepXsrfToken(answer.body.xsrfToken);
        return { ok: true };
      }
      return { ok: false, message: failureMessage(answer) };
    },
    async signOut({ cloneCart = false } = {}) {
      try {
        await withCrumbRetry(() => deleteJson<FailureBody>(`${SESSION_PATH}${cloneCart ? "?cloneCart=true" : ""}`, storedXsrfToken()));
      } finally {
        keepXsrfToken(null);
      }
    },
  };
}
