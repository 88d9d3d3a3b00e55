// The newsletter unsubscribe page (page type 300), linked from every newsletter email: it names the
// address and the list, and unsubscribes on the button (a mail scanner that follows the link changes
// nothing).
import { useRef, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { NewsletterUnsubscribeScreenQuery } from "../../__generated__/NewsletterUnsubscribeScreenQuery.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { useUnsubscribeNewsletterMutation } from "./MemberMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";

export const newsletterUnsubscribeScreenQuery = graphql`
  query NewsletterUnsubscribeScreenQuery($token: String!) {
    newsletterUnsubscribe(token: $token) {
      email
      mailingList
      unsubscribed
    }
  }
`;

export default function NewsletterUnsubscribeScreen({ queryRef, match }: ScreenProps<NewsletterUnsubscribeScreenQuery>) {
  const { newsletterUnsubscribe: target } = usePreloadedQuery<NewsletterUnsubscribeScreenQuery>(newsletterUnsubscribeScreenQuery, queryRef);
  const [commit, pending] = useUnsubscribeNewsletterMutation();
  const [done, setDone] = useState(target?.unsubscribed ?? false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  function unsubscribe() {
    setFailure(null);
    commit({
      variables: { token: match.search.get("token") ?? "" },
      onCompleted: ({ unsubscribeNewsletter: result }) => {
        if (result.__typename === "UnsubscribeNewsletterSuccess") {
          setDone(true);
          requestAnimationFrame(() => status.current?.focus());
          return;
        }
        setFailure(errorMessage(result as { message?: string }));
      },
      onError: (error) => setFailure(describeFailure(error)),
    });
  }

  return (
    <section className="member-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{messages.newsletterUnsubscribePageTitle}</h1>
      {!target ? (
        <p role="alert">{memberMessages.newsletterUnsubscribeInvalid}</p>
      ) : done ? (
        <p ref={status} tabIndex={-1} className="member-notice" role="status">
          {memberMessages.newsletterUnsubscribed(target.mailingList)}
        </p>
      ) : (
        <>
          <p>{memberMessages.newsletterUnsubscribeLead(target.email, target.mailingList)}</p>
          <FormProblem text={failure} />
          <button type="button" className="button" onClick={unsubscribe} disabled={pending} aria-busy={pending}>
            {memberMessages.newsletterUnsubscribeButton}
          </button>
        </>
      )}
    </section>
  );
}
