// /config/setup?token=…: the first owner's setup (issue 23), opened from the link `npm start` or
// `npm run owner -- create` printed. Nobody is signed in: the form makes the owner account, names the
// store and sets its currency and country, then the owner is signed in and lands on the admin home. A
// link that cannot be used says why (used, expired, the store has an owner) with the way on.
import { useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { countries } from "../../../server/domain/checkout/countries.ts";
import { MIN_PASSWORD_LENGTH } from "../../../server/domain/members/people.ts";
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from "../../../server/domain/money.ts";
import type { SiteSetupScreenMutation } from "../../__generated__/SiteSetupScreenMutation.graphql.ts";
import type { SiteSetupScreenQuery } from "../../__generated__/SiteSetupScreenQuery.graphql.ts";
import { keepXsrfToken } from "../../shared/admin/session.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.setup;
const COUNTRIES = countries("en", "US");

export function SiteSetupScreen({ token }: { token: string | null }) {
  return (
    <main className="accept-page" id="main">
      <h1>{text.heading}</h1>
      {token ? (
        <SetupLink token={token} />
      ) : (
        <p className="notice error" role="alert">
          {text.noToken}
        </p>
      )}
    </main>
  );
}

function SetupLink({ token }: { token: string }) {
  const { siteSetupLink: link } = useLazyLoadQuery<SiteSetupScreenQuery>(
    graphql`
      query SiteSetupScreenQuery($token: String!) {
        siteSetupLink(token: $token) {
          state
          email
          message
        }
      }
    `,
    { token },
    { fetchPolicy: "network-only" },
  );
  if (link.state !== "VALID") return <Refusal message={link.message ?? ""} />;
  return <SetupForm token={token} fixedEmail={link.email ?? null} />;
}

function Refusal({ message }: { message: string }) {
  return (
    <>
      <p className="notice error" role="alert">
        {message}
      </p>
      <a className="button primary" href="/config">
        {text.signIn}
      </a>
    </>
  );
}

type Field = "email" | "password" | "storeName" | "currency" | "country";

function SetupForm({ token, fixedEmail }: { token: string; fixedEmail: string | null }) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: fixedEmail ?? "",
    password: "",
    storeName: "",
    currency: DEFAULT_CURRENCY,
    country: "US",
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [complete, completing] = useInputMutation<SiteSetupScreenMutation>(graphql`
    mutation SiteSetupScreenMutation($input: CompleteSiteSetupInput!) {
      completeSiteSetup(input: $input) {
        __typename
        ... on CompleteSiteSetupSuccess {
          xsrfToken
        }
        ... on FormInvalidError {
          fieldErrors {
            fieldId
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete({
      variables: { token, ...values },
      onCompleted: ({ completeSiteSetup: result }) => {
        if (result.__typename === "CompleteSiteSetupSuccess") {
          keepXsrfToken(result.xsrfToken ?? null);
          window.location.assign("/config");
          return;
        }
        const errors = Object.fromEntries((result.fieldErrors ?? []).map((error) => [error.fieldId, error.message]));
        setFieldErrors(errors);
        setFailure(Object.keys(errors).length > 0 ? null : errorMessage(result as { message?: string }));
        const first = Object.keys(errors)[0];
        if (first) document.getElementById(`setup-${first}`)?.focus();
      },
      onError: (error) => setFailure(describeFailure(error)),
    });
  };
  const field = (name: Field, label: string, input: (props: FieldProps) => React.ReactNode, hint?: string) => {
    const error = fieldErrors[name];
    const described = [hint ? `setup-${name}-hint` : null, error ? `setup-${name}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div className="field">
        <label htmlFor={`setup-${name}`}>{label}</label>
        {input({ id: `setup-${name}`, value: values[name], onChange: set(name), "aria-invalid": error ? true : undefined, "aria-describedby": described })}
        {hint ? (
          <p id={`setup-${name}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`setup-${name}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <p>{text.intro}</p>
      {failure ? (
        <p className="notice error" role="alert">
          {failure}
        </p>
      ) : null}
      {field(
        "email",
        text.email,
        (props) => (
          <input {...props} type="email" autoComplete="email" readOnly={fixedEmail !== null} />
        ),
        fixedEmail ? text.emailFixed : undefined,
      )}
      {field(
        "password",
        text.password,
        (props) => (
          <input {...props} type="password" autoComplete="new-password" />
        ),
        adminMessages.people.acceptPasswordHint(MIN_PASSWORD_LENGTH),
      )}
      {field("storeName", text.storeName, (props) => (
        <input {...props} autoComplete="organization" />
      ))}
      {field("currency", text.currency, (props) => (
        <select {...props}>
          {SUPPORTED_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      ))}
      {field(
        "country",
        text.country,
        (props) => (
          <select {...props}>
            {COUNTRIES.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.name}
              </option>
            ))}
          </select>
        ),
        text.countryHint,
      )}
      <button type="submit" className="button primary" disabled={completing}>
        {completing ? text.submitting : text.submit}
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}
