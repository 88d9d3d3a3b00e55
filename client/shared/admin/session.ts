// The owner's session in the admin: the shared session (client/shared/relay/session.ts: login payload, xsrf
// token on every request and on graphql-ws, sign-out with one crumbFail retry), its token under the
// admin's own key.
import { createSession } from "../relay/session.ts";

export type { SignInRequest, SignInResult } from "../relay/session.ts";

const session = createSession("sitecart.admin.xsrfToken");

export const storedXsrfToken = session.storedXsrfToken;
/** Keeps the token another call answered with (the first owner's setup signs in too). */
export const keepXsrfToken = session.keepXsrfToken;
export const signIn = session.signIn;
/** Ends the session; the token is forgotten even when the server could not be reached. */
export const signOut = (): Promise<void> => session.signOut();
