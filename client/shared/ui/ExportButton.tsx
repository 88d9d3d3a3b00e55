// "Export CSV": downloads an owner export (download.ts) and says when it failed.
import { useState } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { downloadFile } from "../admin/download.ts";

export function ExportButton({
  path,
  fileName,
  label = adminMessages.exportCsv,
  ariaLabel,
}: {
  path: string;
  fileName: string;
  label?: string;
  ariaLabel?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <span className="export-button">
      <button
        type="button"
        className="button"
        aria-label={ariaLabel}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadFile(path, fileName)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? adminMessages.exporting : label}
      </button>
      {failed ? (
        <span className="field-error" role="alert">
          {adminMessages.exportFailed}
        </span>
      ) : null}
    </span>
  );
}
