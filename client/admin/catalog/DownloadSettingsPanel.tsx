// The store's "Digital downloads" settings (issue 23) on the products screen, where digital products
// are managed: how long a paid order's download links work and how many downloads each allows. The
// bounds are the service's (isValidDownloadSettings), checked here first with the server's sentence.
import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import {
  DEFAULT_DOWNLOAD_EXPIRY_HOURS,
  DEFAULT_DOWNLOAD_LIMIT,
  isValidDownloadSettings,
  MAX_DOWNLOAD_EXPIRY_HOURS,
  MAX_DOWNLOAD_LIMIT,
} from "../../../server/domain/downloads/download-grants.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { downloadMessages } from "../../../server/domain/messages/downloads.ts";
import type { DownloadSettingsPanel_settings$key } from "../../__generated__/DownloadSettingsPanel_settings.graphql.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { showSavedDownloadSettings, useUpdateDownloadSettingsMutation } from "./UpdateDownloadSettingsMutation.ts";

/** A field's text as a whole number, or NaN (which the rule refuses) for anything else. */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

export function DownloadSettingsPanel(props: { settings: DownloadSettingsPanel_settings$key }) {
  const settings = useFragment(
    graphql`
      fragment DownloadSettingsPanel_settings on DownloadSettings {
        expiryHours
        downloadLimit
      }
    `,
    props.settings,
  );
  const canWrite = useCan("products.write");
  const [expiryHours, setExpiryHours] = useState(String(settings.expiryHours));
  const [downloadLimit, setDownloadLimit] = useState(String(settings.downloadLimit));
  const [invalid, setInvalid] = useState({ expiryHours: false, downloadLimit: false });
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [update, saving] = useUpdateDownloadSettingsMutation();

  function save(event: FormEvent) {
    event.preventDefault();
    const input = { expiryHours: wholeNumber(expiryHours), downloadLimit: wholeNumber(downloadLimit) };
    if (!isValidDownloadSettings(input)) {
      // The rule judges both fields at once; each is judged beside the other's default to mark the wrong one.
      const wrong = {
        expiryHours: !isValidDownloadSettings({ expiryHours: input.expiryHours, downloadLimit: DEFAULT_DOWNLOAD_LIMIT }),
        downloadLimit: !isValidDownloadSettings({ expiryHours: DEFAULT_DOWNLOAD_EXPIRY_HOURS, downloadLimit: input.downloadLimit }),
      };
      setInvalid(wrong);
      setNotice({ error: true, text: downloadMessages.settingsInvalid(MAX_DOWNLOAD_EXPIRY_HOURS, MAX_DOWNLOAD_LIMIT) });
      document.getElementById(wrong.expiryHours ? "download-expiry-hours" : "download-limit")?.focus();
      return;
    }
    setInvalid({ expiryHours: false, downloadLimit: false });
    setNotice(null);
    update({
      variables: input,
      updater: showSavedDownloadSettings,
      onCompleted: ({ updateDownloadSettings: result }) => {
        if (result.__typename === "UpdateDownloadSettingsSuccess") setNotice({ error: false, text: adminMessages.settingsSaved });
        else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  }

  const describedBy = (wrong: boolean) => (wrong ? "download-settings-notice" : undefined);
  return (
    <form className="card settings-panel" onSubmit={save} noValidate aria-labelledby="download-settings-heading">
      <h2 id="download-settings-heading">{downloadMessages.settingsHeading}</h2>
      <p className="field-hint">{downloadMessages.settingsIntro}</p>
      <fieldset disabled={!canWrite || saving}>
        <legend className="visually-hidden">{downloadMessages.settingsHeading}</legend>
        <div className="field">
          <label htmlFor="download-expiry-hours">{downloadMessages.expiryHoursLabel}</label>
          <input
            id="download-expiry-hours"
            type="number"
            min={1}
            max={MAX_DOWNLOAD_EXPIRY_HOURS}
            value={expiryHours}
            aria-invalid={invalid.expiryHours || undefined}
            aria-describedby={describedBy(invalid.expiryHours)}
            onChange={(event) => setExpiryHours(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="download-limit">{downloadMessages.downloadLimitLabel}</label>
          <input
            id="download-limit"
            type="number"
            min={1}
            max={MAX_DOWNLOAD_LIMIT}
            value={downloadLimit}
            aria-invalid={invalid.downloadLimit || undefined}
            aria-describedby={describedBy(invalid.downloadLimit)}
            onChange={(event) => setDownloadLimit(event.target.value)}
          />
        </div>
        {canWrite ? (
          <button type="submit" className="button primary" aria-busy={saving}>
            {adminMessages.saveSettings}
          </button>
        ) : null}
      </fieldset>
      {notice ? (
        <p id="download-settings-notice" className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
