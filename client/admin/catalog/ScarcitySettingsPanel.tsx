// The inventory panel's settings: the store's scarcity threshold, and whether scarcity shows on
// product pages and in product blocks (platform-support §2 "inventory panel").
import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { MAX_SCARCITY_THRESHOLD } from "../../../server/domain/catalog/inputs.ts";
import type { ScarcitySettingsPanel_settings$key } from "../../__generated__/ScarcitySettingsPanel_settings.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useUpdateScarcitySettingsMutation } from "./UpdateScarcitySettingsMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";

export function ScarcitySettingsPanel(props: { settings: ScarcitySettingsPanel_settings$key }) {
  const settings = useFragment(
    graphql`
      fragment ScarcitySettingsPanel_settings on ScarcitySettings {
        threshold
        onProductPages
        inProductBlocks
      }
    `,
    props.settings,
  );
  const canWrite = useCan("products.write");
  const [threshold, setThreshold] = useState(String(settings.threshold));
  const [onProductPages, setOnProductPages] = useState(settings.onProductPages);
  const [inProductBlocks, setInProductBlocks] = useState(settings.inProductBlocks);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [update, saving] = useUpdateScarcitySettingsMutation();

  function save(event: FormEvent) {
    event.preventDefault();
    const value = Number(threshold);
    if (!/^\d+$/.test(threshold.trim()) || value < 1 || value > MAX_SCARCITY_THRESHOLD) {
      setFieldError(adminMessages.thresholdInvalid);
      setNotice(null);
      document.getElementById("scarcity-threshold")?.focus();
      return;
    }
    setFieldError(null);
    update({
      variables: { threshold: value, onProductPages, inProductBlocks },
      onCompleted: ({ updateScarcitySettings: result }) => {
        if (result.__typename === "UpdateScarcitySettingsSuccess") setNotice({ error: false, text: adminMessages.settingsSaved });
        else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  }

  return (
    <form className="card settings-panel" onSubmit={save} noValidate aria-labelledby="scarcity-settings-heading">
      <h2 id="scarcity-settings-heading">{adminMessages.scarcitySettingsHeading}</h2>
      <p className="field-hint">{adminMessages.scarcitySettingsIntro}</p>
      <fieldset disabled={!canWrite || saving}>
        <legend className="visually-hidden">{adminMessages.scarcitySettingsHeading}</legend>
        <div className="field">
          <label htmlFor="scarcity-threshold">{adminMessages.scarcityThresholdLabel}</label>
          <input
            id="scarcity-threshold"
            type="number"
            min={1}
            max={MAX_SCARCITY_THRESHOLD}
            value={threshold}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "scarcity-threshold-error" : undefined}
            onChange={(event) => setThreshold(event.target.value)}
          />
          {fieldError ? (
            <p className="field-error" id="scarcity-threshold-error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="field checkbox">
          <input id="scarcity-product-pages" type="checkbox" checked={onProductPages} onChange={(event) => setOnProductPages(event.target.checked)} />
          <label htmlFor="scarcity-product-pages">{adminMessages.scarcityProductPagesLabel}</label>
        </div>
        <div className="field checkbox">
          <input id="scarcity-blocks" type="checkbox" checked={inProductBlocks} onChange={(event) => setInProductBlocks(event.target.checked)} />
          <label htmlFor="scarcity-blocks">{adminMessages.scarcityBlocksLabel}</label>
        </div>
        {canWrite ? (
          <button type="submit" className="button primary" aria-busy={saving}>
            {adminMessages.saveSettings}
          </button>
        ) : null}
      </fieldset>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
