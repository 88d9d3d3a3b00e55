// What the site's header-and-footer and navigation screens share: the page's heading with its link to
// the site, and above the form the read-only note and the last save's notice.
import type { Ref } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";

const text = adminMessages.site;

export type SaveNotice = { error: boolean; text: string } | null;

export function SiteScreenHeading({ heading, intro }: { heading: string; intro: string }) {
  return (
    <>
      <header>
        <h1>{heading}</h1>
        <a className="button link" href="/">
          {text.viewOnSite}
        </a>
      </header>
      <p>{intro}</p>
    </>
  );
}

/** The read-only note (when the role may not change the site) and the notice, which the caller focuses through `noticeRef`. */
export function SaveNoticeLines({ canChange, notice, noticeRef }: { canChange: boolean; notice: SaveNotice; noticeRef: Ref<HTMLParagraphElement> }) {
  return (
    <>
      {!canChange ? <p className="notice">{text.readOnly}</p> : null}
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
    </>
  );
}
