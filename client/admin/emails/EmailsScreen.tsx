// The store's emails: the branding form, then each email's preview (HTML in a sandboxed frame, and its
// text part) over sample data, with "Send me a test". Saving the branding redraws the previews.
import { graphql, usePreloadedQuery, useRefetchableFragment } from "react-relay";
import { emailMessages } from "../../../server/domain/messages/emails.ts";
import type { EmailsScreenQuery as Query } from "../../__generated__/EmailsScreenQuery.graphql.ts";
import type { EmailsScreen_previews$key } from "../../__generated__/EmailsScreen_previews.graphql.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { AbandonedCheckoutSettingsForm } from "./AbandonedCheckoutSettingsForm.tsx";
import { EmailBrandingForm } from "./EmailBrandingForm.tsx";
import { EmailPreviewCard } from "./EmailPreviewCard.tsx";
import "./emails.css";

export default function EmailsScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query EmailsScreenQuery {
        emailBranding {
          storeName
          logoUrl
          accentColor
          replyTo
          footerText
        }
        abandonedCheckouts {
          ...AbandonedCheckoutSettingsForm_settings
        }
        ...EmailsScreen_previews
      }
    `,
    queryRef,
  );
  const [previews, refetch] = useRefetchableFragment(
    graphql`
      fragment EmailsScreen_previews on Query @refetchable(queryName: "EmailsScreenPreviewsQuery") {
        emailPreviews {
          kind
          ...EmailPreviewCard_preview
        }
      }
    `,
    data as EmailsScreen_previews$key,
  );
  return (
    <section className="admin-page emails-screen">
      <h1>{emailMessages.title}</h1>
      <EmailBrandingForm branding={data.emailBranding} onSaved={() => refetch({}, { fetchPolicy: "network-only" })} />
      <AbandonedCheckoutSettingsForm settings={data.abandonedCheckouts} />
      <h2>{emailMessages.previewTitle}</h2>
      <div className="email-previews">
        {previews.emailPreviews.map((preview) => (
          <EmailPreviewCard key={preview.kind} preview={preview} />
        ))}
      </div>
    </section>
  );
}
