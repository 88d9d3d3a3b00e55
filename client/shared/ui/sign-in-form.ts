// A sign-in form's submit, the same in the admin and on the storefront: the form's email, password and
// rememberMe go to the session's signIn; a refusal or a failure is said above the form and focus goes
// back to the email field, while a success is the caller's (`onSignedIn`: the form stays pending).
import { useRef, useState, type FormEvent } from "react";
import { describeFailure } from "../relay/errors.ts";
import type { SignInRequest, SignInResult } from "../relay/session.ts";

export function useSignInForm(signIn: (request: SignInRequest) => Promise<SignInResult>, onSignedIn: () => void) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const email = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    try {
      const result = await signIn({
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        rememberMe: form.get("rememberMe") === "on",
      });
      if (result.ok) return onSignedIn();
      setFailure(result.message);
    } catch (error) {
      setFailure(describeFailure(error));
    }
    setPending(false);
    email.current?.focus();
  }

  return { pending, failure, email, submit };
}
