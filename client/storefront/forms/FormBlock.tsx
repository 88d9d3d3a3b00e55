// A form block (spec §4 Form, §5 Forms, §8): fields of every kind, validated here and again by the
// server; submitted through the legacy calls (a single-use submission key, then SaveFormSubmission),
// whose HTTP statuses map to the spec's messages. Success redirects if configured, else hides the
// form, shows the submission text and runs the post-submit HTML's scripts. With a captcha site key
// (and the form asking for one) the block renders the captcha (compact under 320 px, Captcha.tsx),
// shows the captcha badge while a field has focus, sends the token as `captchaKey`, and resets the
// captcha after a failed submission (a token verifies once).
import { useEffect, useMemo, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { FieldAnswer, FormAnswers } from "../../../server/domain/forms/fields.ts";
import { validateForm } from "../../../server/domain/forms/validate.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import type { FormBlock_form$key } from "../../__generated__/FormBlock_form.graphql";
import { postJson } from "../../shared/relay/rest.ts";
import { submitFailureMessage } from "./state/form-submission.ts";
import { asDomainFields, FormFields, readFieldDefinitions } from "../../shared/ui/FormFields.tsx";
import { Captcha, type CaptchaHandle } from "../../shared/ui/Captcha.tsx";
import { track } from "../../shared/tracking/track.ts";

/** The invisible field bots fill in (the server's honeypot, docs/forms.md). */
export const HONEYPOT_FIELD = "sc-website-url";

type Phase = { state: "idle" } | { state: "submitting" } | { state: "failed"; message: string } | { state: "done"; message: string; html: string | null };

export function FormBlock({
  form: formKey,
  search = typeof window === "undefined" ? "" : window.location.search,
}: {
  form: FormBlock_form$key;
  search?: string;
}) {
  const form = useFragment(
    graphql`
      fragment FormBlock_form on Form {
        formId
        name
        kind
        submissionMessage
        successRedirect
        postSubmitHtml
        disclaimer
        captchaRequired
        captchaSiteKey
        fields {
          ...FormFields_field
        }
      }
    `,
    formKey,
  );
  const fields = useMemo(() => readFieldDefinitions(form.fields), [form.fields]);
  // Hidden fields take the page's query value of their key, else their own default (spec §3).
  const hidden = useMemo(() => {
    const query = new URLSearchParams(search);
    return Object.fromEntries(
      fields.filter((field) => field.type === "hidden").map((field) => [field.fieldId, query.get(field.key ?? field.fieldId) ?? field.value ?? ""]),
    );
  }, [fields, search]);
  const [values, setValues] = useState<FormAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ state: "idle" });
  const [honeypot, setHoneypot] = useState("");
  const [focused, setFocused] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const captchaSiteKey = form.captchaRequired ? form.captchaSiteKey : null;
  useEffect(() => track("form-render", String(form.formId)), [form.formId]);

  async function submit() {
    const failed = (message: string) => {
      captcha.current?.reset();
      setPhase({ state: "failed", message });
    };
    const answers = { ...values, ...hidden };
    const validation = validateForm(asDomainFields(fields), answers);
    if (!validation.ok) {
      setErrors(Object.fromEntries(validation.fieldErrors.map(({ fieldId, message }) => [fieldId, message])));
      setPhase({ state: "failed", message: validation.message });
      return;
    }
    const captchaKey = captchaSiteKey ? captcha.current?.token() : null;
    if (captchaSiteKey && !captchaKey) {
      setErrors({});
      return setPhase({ state: "failed", message: messages.completeCaptcha });
    }
    setErrors({});
    setPhase({ state: "submitting" });
    type Saved = {
      error?: string;
      errors?: Record<string, string>;
      submissionMessage?: string;
      successRedirect?: string | null;
      postSubmitHtml?: string | null;
    };
    let saved: { status: number; body: Saved | null };
    try {
      const keyAnswer = await postJson<{ data?: { key?: string } }>("/api/form/FormSubmissionKey", {});
      const key = keyAnswer.status === 200 ? keyAnswer.body?.data?.key : undefined;
      if (!key) return failed(formMessages.formKeyUnavailable);
      saved = await postJson<Saved>("/api/form/SaveFormSubmission", {
        key,
        formId: form.formId,
        ...(captchaKey ? { captchaKey } : {}),
        form: JSON.stringify({ ...answers, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) }),
        pageTitle: document.title,
        pagePath: window.location.pathname,
      });
    } catch {
      return failed(messages.checkInternetConnection);
    }
    // A 200 whose answer cannot be read: the submission may or may not be stored (spec §8).
    if (saved.status === 200 && !saved.body) return failed(formMessages.formProcessingError);
    if (saved.status === 200) {
      track("form-submit", String(form.formId));
      if (saved.body?.successRedirect) return window.location.assign(saved.body.successRedirect);
      setPhase({ state: "done", message: saved.body?.submissionMessage || form.submissionMessage, html: saved.body?.postSubmitHtml ?? null });
      root.current?.scrollIntoView?.({ block: "start" });
      return;
    }
    if (saved.status === 400 && saved.body?.errors) setErrors(saved.body.errors);
    failed(submitFailureMessage(saved.status, saved.body));
  }

  if (phase.state === "done") {
    return (
      <div ref={root} className="form-block form-done" role="status">
        <p className="form-submission-message">{phase.message}</p>
        {phase.html ? <PostSubmitHtml html={phase.html} /> : null}
      </div>
    );
  }

  const failed = phase.state === "failed";
  return (
    <div ref={root} className={`form-block form-${form.kind.toLowerCase()}`}>
      <h2>{form.name}</h2>
      {failed ? (
        <p className="form-problem" role="alert">
          {Object.keys(errors).length ? formMessages.formProblemAbove : phase.message}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (phase.state !== "submitting") void submit();
        }}
      >
        <FormFields
          fields={fields.filter((field) => field.type !== "hidden")}
          values={values}
          errors={errors}
          onChange={(fieldId: string, value: FieldAnswer) => setValues({ ...values, [fieldId]: value })}
          onFocusChange={setFocused}
        />
        {/* Invisible to people: only bots fill it in. */}
        <div className="form-honeypot" aria-hidden="true">
          <label>
            {messages.honeypotLabel}
            <input tabIndex={-1} autoComplete="off" name={HONEYPOT_FIELD} value={honeypot} onChange={(event) => setHoneypot(event.target.value)} />
          </label>
        </div>
        {form.disclaimer ? <p className="form-disclaimer">{form.disclaimer}</p> : null}
        {captchaSiteKey ? (
          <>
            <Captcha ref={captcha} siteKey={captchaSiteKey} />
            <p className={`captcha-badge${focused ? " visible" : ""}`} aria-hidden={!focused}>
              {messages.captchaBadge}
            </p>
          </>
        ) : null}
        <button type="submit" className="button" disabled={phase.state === "submitting"}>
          {phase.state === "submitting" ? formMessages.submitting : messages.submit}
        </button>
      </form>
      {failed && Object.keys(errors).length ? (
        <p className="form-problem" role="alert">
          {formMessages.formProblemBelow}
        </p>
      ) : null}
    </div>
  );
}

/** The owner's post-submit HTML, with its scripts run (markup set by innerHTML leaves them inert). */
function PostSubmitHtml({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.innerHTML = html;
    for (const inert of Array.from(element.querySelectorAll("script"))) {
      const script = document.createElement("script");
      for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    }
  }, [html]);
  return <div ref={container} className="form-post-submit" />;
}
