// One email's preview (page type 301): its subject, the HTML part in a sandboxed frame (no script, no
// reach into the admin), the text part on demand, and "Send me a test" to the signed-in owner.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { emailMessages } from "../../../server/domain/messages/emails.ts";
import type { EmailPreviewCard_preview$key } from "../../__generated__/EmailPreviewCard_preview.graphql.ts";
import { describeFailure } from "../../shared/relay/errors.ts";
import { useSendTestEmailMutation } from "./SendTestEmailMutation.ts";

export function EmailPreviewCard({ preview }: { preview: EmailPreviewCard_preview$key }) {
  const email = useFragment(
    graphql`
      fragment EmailPreviewCard_preview on EmailPreview {
        kind
        name
        subject
        htmlBody
        textBody
      }
    `,
    preview,
  );
  const [part, setPart] = useState<"html" | "text">("html");
  const [send, sending] = useSendTestEmailMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const sendTest = () =>
    send({
      variables: { kind: email.kind },
      onCompleted: ({ sendTestEmail: answer }) =>
        setNotice(
          answer.__typename === "SendTestEmailSuccess" && answer.toEmail
            ? { error: false, text: emailMessages.testSent(answer.toEmail) }
            : { error: true, text: answer.message ?? describeFailure(null) },
        ),
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  const id = `email-${email.kind.toLowerCase()}`;
  return (
    <article className="email-preview" aria-labelledby={`${id}-name`}>
      <header>
        <h3 id={`${id}-name`}>{email.name}</h3>
        <p className="email-subject">{email.subject}</p>
      </header>
      <div className="email-parts" role="group" aria-label={email.name}>
        <button type="button" aria-pressed={part === "html"} onClick={() => setPart("html")}>
          {emailMessages.htmlPart}
        </button>
        <button type="button" aria-pressed={part === "text"} onClick={() => setPart("text")}>
          {emailMessages.textPart}
        </button>
      </div>
      {part === "html" ? (
        <iframe className="email-frame" title={`${email.name} (${emailMessages.htmlPart})`} sandbox="" srcDoc={email.htmlBody} />
      ) : (
        <pre className="email-text">{email.textBody}</pre>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={sendTest} disabled={sending}>
          {sending ? emailMessages.sending : emailMessages.sendTest}
        </button>
        {notice ? (
          <p className={notice.error ? "notice error" : "notice"} role={notice.error ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
      </div>
    </article>
  );
}
