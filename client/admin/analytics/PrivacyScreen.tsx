// Privacy & tracking settings (issue 11): the cookie consent banner, the cookie policy (restrictive:
// nothing tracked or stored before consent) and how long raw visit data is kept. Field errors show
// beside their field; the server checks them again (domain/settings/analytics-settings.ts).
import { useRef, useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { PrivacyScreenQuery as Query } from "../../__generated__/PrivacyScreenQuery.graphql.ts";
import type { PrivacyScreenSaveMutation } from "../../__generated__/PrivacyScreenSaveMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useCan } from "../../shared/admin/viewer.ts";

export default function PrivacyScreen({ queryRef }: ScreenProps<Query>) {
  const { analyticsSettings: settings } = usePreloadedQuery<Query>(
    graphql`
      query PrivacyScreenQuery {
        analyticsSettings {
          cookieBannerEnabled
          cookiePolicy
          retentionDays
          retentionDaysMin
          retentionDaysMax
        }
      }
    `,
    queryRef,
  );
  const canChange = useCan("site.settings");
  const [banner, setBanner] = useState(settings.cookieBannerEnabled);
  const [policy, setPolicy] = useState(settings.cookiePolicy);
  const [retention, setRetention] = useState(String(settings.retentionDays));
  const [retentionError, setRetentionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const retentionInput = useRef<HTMLInputElement>(null);
  const [save, saving] = useInputMutation<PrivacyScreenSaveMutation>(graphql`
    mutation PrivacyScreenSaveMutation($input: UpdateAnalyticsSettingsInput!) {
      updateAnalyticsSettings(input: $input) {
        __typename
        ... on UpdateAnalyticsSettingsSuccess {
          analyticsSettings {
            cookieBannerEnabled
            cookiePolicy
            retentionDays
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const { retentionDaysMin: min, retentionDaysMax: max } = settings;

  function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number(retention.trim());
    // The bounds come from the server (domain/settings/analytics-settings.ts), which checks again.
    if (!/^\d+$/.test(retention.trim()) || days < min || days > max) {
      setRetentionError(adminMessages.privacyRetentionInvalid(min, max));
      setNotice(null);
      retentionInput.current?.focus();
      return;
    }
    setRetentionError(null);
    save({
      variables: { cookieBannerEnabled: banner, cookiePolicy: policy, retentionDays: days },
      onCompleted: ({ updateAnalyticsSettings: result }) => {
        if (result.__typename === "UpdateAnalyticsSettingsSuccess") setNotice({ error: false, text: adminMessages.privacySaved });
        else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  }

  return (
    <section className="admin-page">
      <h1>{adminMessages.privacyHeading}</h1>
      <form className="card settings-panel" onSubmit={submit} noValidate aria-labelledby="privacy-settings">
        <h2 id="privacy-settings" className="visually-hidden">
          {adminMessages.privacyHeading}
        </h2>
        <p>{adminMessages.privacyIntro}</p>
        {notice ? (
          <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
        <fieldset disabled={!canChange || saving}>
          <legend className="visually-hidden">{adminMessages.privacyHeading}</legend>
          <div className="field checkbox">
            <input
              id="privacy-banner"
              type="checkbox"
              checked={banner}
              aria-describedby="privacy-banner-hint"
              onChange={(event) => setBanner(event.target.checked)}
            />
            <label htmlFor="privacy-banner">{adminMessages.privacyBannerLabel}</label>
          </div>
          <p className="field-hint" id="privacy-banner-hint">
            {adminMessages.privacyBannerHint}
          </p>
          <fieldset className="field">
            <legend>{adminMessages.privacyPolicyLegend}</legend>
            {(["permissive", "restrictive"] as const).map((value) => (
              <div className="field checkbox" key={value}>
                <input
                  id={`privacy-policy-${value}`}
                  type="radio"
                  name="cookiePolicy"
                  value={value}
                  checked={policy === value}
                  onChange={() => setPolicy(value)}
                />
                <label htmlFor={`privacy-policy-${value}`}>
                  {value === "permissive" ? adminMessages.privacyPolicyPermissive : adminMessages.privacyPolicyRestrictive}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="privacy-retention">{adminMessages.privacyRetentionLabel}</label>
            <input
              id="privacy-retention"
              ref={retentionInput}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              value={retention}
              aria-invalid={retentionError ? true : undefined}
              aria-describedby="privacy-retention-hint privacy-retention-error"
              onChange={(event) => setRetention(event.target.value)}
            />
            <p className="field-hint" id="privacy-retention-hint">
              {adminMessages.privacyRetentionHint(min, max)}
            </p>
            <p className="field-error" id="privacy-retention-error">
              {retentionError}
            </p>
          </div>
          {canChange ? (
            <button type="submit" className="button primary" aria-busy={saving}>
              {saving ? adminMessages.privacySaving : adminMessages.privacySave}
            </button>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
