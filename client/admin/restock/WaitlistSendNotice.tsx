// What a send reported: how many shoppers were notified (and how many still wait), with a link to the
// outbox for a role that may read it; or why the send failed.
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { Link } from "../../shared/router/Router.tsx";
import { useCan } from "../../shared/admin/viewer.ts";

export type SendReport = { ok: true; text: string } | { ok: false; text: string };

export const OUTBOX_PATH = "/config/settings/outbox";

export function WaitlistSendNotice({ report }: { report: SendReport | null }) {
  const canReadOutbox = useCan("site.settings");
  return (
    <div role="status" aria-live="polite">
      {report ? (
        <p className={`notice ${report.ok ? "success" : "error"}`}>
          {report.text}
          {report.ok && canReadOutbox ? (
            <>
              {" "}
              <Link href={OUTBOX_PATH}>{adminMessages.seeOutbox}</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
