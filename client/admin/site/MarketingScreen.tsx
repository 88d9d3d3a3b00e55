// Marketing hooks (issue 10 item 7; platform-support §2's events: pixel ID save, products feed URL
// copy): the ads pixel id, and the products feed's secret URLs with Copy buttons and a way to retire
// them (new addresses; the old ones answer 404 at once).
import { useRef, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { PIXEL_ID_PATTERN } from "../../../server/domain/store/marketing.ts";
import type { MarketingScreenQuery as Query } from "../../__generated__/MarketingScreenQuery.graphql.ts";
import type { MarketingScreenPixelMutation } from "../../__generated__/MarketingScreenPixelMutation.graphql.ts";
import type { MarketingScreenFeedMutation } from "../../__generated__/MarketingScreenFeedMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { CopyField } from "../../shared/ui/CopyField.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-integrations.css";

/** What the screen shows of the settings, read and saved alike. */
export const marketingSettingsFragment = graphql`
  fragment MarketingScreen_settings on MarketingSettings {
    pixelId
    feedXmlUrl
    feedCsvUrl
  }
`;

export default function MarketingScreen({ queryRef }: ScreenProps<Query>) {
  const { marketingSettings: settings } = usePreloadedQuery<Query>(
    graphql`
      query MarketingScreenQuery {
        marketingSettings {
          ...MarketingScreen_settings @relay(mask: false)
        }
      }
    `,
    queryRef,
  );
  const canChange = useCan("site.settings");
  const confirm = useConfirm();
  const [pixelId, setPixelId] = useState(settings.pixelId ?? "");
  const [pixelError, setPixelError] = useState<string | null>(null);
  const [pixelNotice, setPixelNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [feedNotice, setFeedNotice] = useState<{ error: boolean; text: string } | null>(null);
  const pixelInput = useRef<HTMLInputElement>(null);
  const [savePixel, saving] = useInputMutation<MarketingScreenPixelMutation>(graphql`
    mutation MarketingScreenPixelMutation($input: SetPixelIdInput!) {
      setPixelId(input: $input) {
        __typename
        ... on SetPixelIdSuccess {
          marketing {
            ...MarketingScreen_settings @relay(mask: false)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [regenerate, regenerating] = useInputMutation<MarketingScreenFeedMutation>(graphql`
    mutation MarketingScreenFeedMutation($input: RegenerateFeedTokenInput!) {
      regenerateFeedToken(input: $input) {
        __typename
        ... on RegenerateFeedTokenSuccess {
          marketing {
            ...MarketingScreen_settings @relay(mask: false)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function submitPixel() {
    const value = pixelId.trim();
    if (value !== "" && !PIXEL_ID_PATTERN.test(value)) {
      setPixelError(adminMessages.marketingPixelHint);
      pixelInput.current?.focus();
      return;
    }
    setPixelError(null);
    savePixel({
      variables: { pixelId: value },
      onCompleted: ({ setPixelId: result }) => {
        if (result.__typename === "SetPixelIdSuccess") setPixelNotice({ error: false, text: adminMessages.marketingPixelSaved });
        else {
          setPixelError(errorMessage(result as { message?: string }));
          pixelInput.current?.focus();
        }
      },
      onError: (error) => setPixelNotice({ error: true, text: describeFailure(error) }),
    });
  }

  async function newAddresses() {
    const yes = await confirm({
      title: adminMessages.marketingFeedRegenerateTitle,
      body: adminMessages.marketingFeedRegenerateBody,
      confirmLabel: adminMessages.marketingFeedRegenerateConfirm,
      danger: true,
    });
    if (!yes) return;
    regenerate({
      variables: { confirm: true },
      onCompleted: ({ regenerateFeedToken: result }) =>
        setFeedNotice(
          result.__typename === "RegenerateFeedTokenSuccess"
            ? { error: false, text: adminMessages.marketingFeedRegenerated }
            : { error: true, text: errorMessage(result as { message?: string }) },
        ),
      onError: (error) => setFeedNotice({ error: true, text: describeFailure(error) }),
    });
  }

  const notice = (value: { error: boolean; text: string } | null) =>
    value ? (
      <p className={`notice${value.error ? " error" : " success"}`} role={value.error ? "alert" : "status"}>
        {value.text}
      </p>
    ) : null;

  return (
    <section className="admin-page">
      <h1>{adminMessages.marketingHeading}</h1>
      <section className="card" aria-labelledby="marketing-pixel">
        <h2 id="marketing-pixel">{adminMessages.marketingPixelHeading}</h2>
        <p>{adminMessages.marketingPixelIntro}</p>
        {notice(pixelNotice)}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitPixel();
          }}
        >
          <div className="field">
            <label htmlFor="marketing-pixel-id">{adminMessages.marketingPixelLabel}</label>
            <input
              id="marketing-pixel-id"
              ref={pixelInput}
              inputMode="numeric"
              autoComplete="off"
              value={pixelId}
              disabled={!canChange}
              aria-invalid={pixelError ? true : undefined}
              aria-describedby="marketing-pixel-hint marketing-pixel-error"
              onChange={(event) => setPixelId(event.target.value)}
            />
            <p className="field-hint" id="marketing-pixel-hint">
              {adminMessages.marketingPixelHint}
            </p>
            <p className="field-error" id="marketing-pixel-error">
              {pixelError}
            </p>
          </div>
          {canChange ? (
            <button type="submit" className="button primary" disabled={saving}>
              {saving ? adminMessages.marketingPixelSaving : adminMessages.marketingPixelSave}
            </button>
          ) : null}
        </form>
      </section>
      <section className="card integrations-section" aria-labelledby="marketing-feed">
        <h2 id="marketing-feed">{adminMessages.marketingFeedHeading}</h2>
        <p>{adminMessages.marketingFeedIntro}</p>
        {notice(feedNotice)}
        <CopyField label={adminMessages.marketingFeedXml} value={settings.feedXmlUrl} />
        <CopyField label={adminMessages.marketingFeedCsv} value={settings.feedCsvUrl} hint={adminMessages.marketingFeedSecret} />
        {canChange ? (
          <button type="button" className="button danger" disabled={regenerating} onClick={newAddresses}>
            {adminMessages.marketingFeedRegenerate}
          </button>
        ) : null}
      </section>
    </section>
  );
}
