// The back-in-stock widget (spec §2, §4, §5): email, an optional mailing-list box, a captcha when the
// site has a key; on success the site's text (else 'Signed up!'), on failure the server's message and
// a fresh captcha.
import { useRef, useState } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { restockEmailProblem } from "../../../server/domain/restock/restock.ts";
import { postJson } from "../../shared/relay/rest.ts";
import { Captcha, type CaptchaHandle } from "../../shared/ui/Captcha.tsx";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";

export interface RestockWidgetProps {
  productId: string;
  variantId: number;
  /** The owner's texts: CTAText, placeholderText, buttonText, successText, mailingListDescription. */
  texts: Record<string, unknown>;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  captchaSiteKey: string | null;
}

const text = (texts: Record<string, unknown>, key: string, fallback: string) =>
  typeof texts[key] === "string" && texts[key] ? (texts[key] as string) : fallback;

export function RestockWidget(props: RestockWidgetProps) {
  const [email, setEmail] = useState("");
  const [joinList, setJoinList] = useState(props.mailingListOptInByDefault);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  if (done) {
    return (
      <p className="product-restock-notification restock-done" role="status">
        {done}
      </p>
    );
  }

  async function submit() {
    const emailProblem = restockEmailProblem(email);
    if (emailProblem) return setProblem(emailProblem);
    const captchaToken = props.captchaSiteKey ? captcha.current?.token() : null;
    if (props.captchaSiteKey && !captchaToken) return setProblem(messages.completeCaptcha);
    setProblem(null);
    setSending(true);
    try {
      const answer = await postJson<{ error?: string }>("/api/site-users/account/notifications/restock", {
        productId: props.productId,
        variantId: props.variantId,
        siteVisitorEmail: email.trim(),
        isJoinMailingList: props.mailingListSignUpEnabled && joinList,
        ...(captchaToken ? { captchaToken } : {}),
        // The page's language: kept for the email when the owner sends them in the visitor's language.
        ...(document.documentElement.lang ? { language: document.documentElement.lang } : {}),
      });
      if (answer.status === 200) setDone(text(props.texts, "successText", messages.signedUp));
      else {
        setProblem(answer.body?.error || messages.pleaseTryAgain);
        captcha.current?.reset();
      }
    } catch {
      setProblem(messages.checkInternetConnection);
      captcha.current?.reset();
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="product-restock-notification">
      <p className="product-restock-cta">{text(props.texts, "CTAText", messages.restockCallToAction)}</p>
      <form
        className="product-restock-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!sending) void submit();
        }}
      >
        <label className="visually-hidden" htmlFor="restock-email">
          {messages.restockEmailLabel}
        </label>
        <input
          id="restock-email"
          type="email"
          autoComplete="email"
          placeholder={text(props.texts, "placeholderText", messages.restockEmailPlaceholder)}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
        />
        {props.mailingListSignUpEnabled ? (
          <label className="choice product-restock-mailing-list">
            <input type="checkbox" checked={joinList} onChange={(event) => setJoinList(event.target.checked)} />
            {text(props.texts, "mailingListDescription", messages.restockMailingList)}
          </label>
        ) : null}
        {props.captchaSiteKey ? <Captcha ref={captcha} siteKey={props.captchaSiteKey} /> : null}
        <FormProblem text={problem} />
        <button type="submit" className="button" disabled={sending}>
          {text(props.texts, "buttonText", messages.restockButton)}
        </button>
      </form>
    </div>
  );
}
