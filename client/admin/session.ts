// The owner's session in the admin: sign-in with the spec's login payload (email, password,
// rememberMe; the answer's xsrfToken goes on every later request and on graphql-ws) and sign-out
// with the spec's crumbFail retry (platform-support §7: a crumb failure triggers one retry).
// The token is kept in localStorage so a reload or a second tab stays signed in for as long as the
// session cookie lives; without the cookie the token alone speaks for nobody (docs/permissions.md).
import { messages } from "../../server/domain/messages.ts";
import { deleteJson, postJson, type RestAnswer } from "../relay/rest.ts";

const TOKEN_KEY = "sitecart.admin.xsrfToken";
const SESSION_PATH = "/api/site-users/account/session";

export function storedXsrfToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked: the session cannot be resumed, the owner signs in again
  }
}

function storeXsrfToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage blocked: nothing to keep
  }
}

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
async function withCrumbRetry<T>(send: () => Promise<RestAnswer<T & FailureBody>>): Promise<RestAnswer<T & FailureBody>> {
  const first = await send();
  return first.body?.crumbFail ? send() : first;
}

export async function signIn(request: SignInRequest): Promise<SignInResult> {
  const answer = await withCrumbRetry(() => postJson<{ xsrfToken?: string } & FailureBody>(SESSION_PATH, request));
  if (answer.status === 200 && answer.body?.xsrfToken) {
    storeXsrfToken(answer.body.xsrfToken);
    return { ok: true };
  }
  return { ok: false, message: failureMessage(answer) };
}

/** Ends the session; the token is forgotten even when the server could not be reached. */
export async function signOut(): Promise<void> {
  try {
    await withCrumbRetry(() => deleteJson<FailureBody>(SESSION_PATH, storedXsrfToken()));
  } finally {
    storeXsrfToken(null);
  }
}
