// /contact: the contact form block and the newsletter form.
import { graphql, usePreloadedQuery } from "react-relay";
import type { ContactScreenQuery } from "../../__generated__/ContactScreenQuery.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import { FormBlock } from "./FormBlock.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";

export const contactScreenQuery = graphql`
  query ContactScreenQuery {
    contact: form(key: "contact") {
      id
      ...FormBlock_form
    }
    newsletter: form(key: "newsletter") {
      id
      ...FormBlock_form
    }
  }
`;

export default function ContactScreen({ queryRef, match }: ScreenProps<ContactScreenQuery>) {
  const data = usePreloadedQuery<ContactScreenQuery>(contactScreenQuery, queryRef);
  const search = match.search.toString();
  return (
    <section className="contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title">{messages.contactPageTitle}</h1>
      {data.contact ? <FormBlock form={data.contact} search={search} /> : <p>{formMessages.formNotConfigured}</p>}
      {data.newsletter ? <FormBlock form={data.newsletter} search={search} /> : null}
    </section>
  );
}
