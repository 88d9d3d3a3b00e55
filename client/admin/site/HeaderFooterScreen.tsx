// The header's title and the footer's text every storefront page shows (issue 10 §1). The owner's
// header and footer are free JSON objects (platform-support §3): this screen edits their `title` and
// `text` and keeps every other key as it was. A save drops the pages' caches on every server.
import { useRef, useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { MAX_FOOTER_TEXT, MAX_HEADER_TITLE } from "../../../server/domain/site/site-chrome.ts";
import type { HeaderFooterScreenQuery as Query } from "../../__generated__/HeaderFooterScreenQuery.graphql.ts";
import type { HeaderFooterScreenSaveMutation } from "../../__generated__/HeaderFooterScreenSaveMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { SaveNoticeLines, SiteScreenHeading, type SaveNotice } from "./SiteScreenParts.tsx";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.site;
type Json = Record<string, unknown>;
const stringOf = (value: unknown) => (typeof value === "string" ? value : "");

export default function HeaderFooterScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query HeaderFooterScreenQuery {
        siteHeaderFooter {
          header
          footer
        }
        store {
          title
        }
      }
    `,
    queryRef,
  );
  const canChange = useCan("site.design");
  const header = data.siteHeaderFooter.header as Json;
  const footer = data.siteHeaderFooter.footer as Json;
  const [title, setTitle] = useState(stringOf(header.title));
  const [footerText, setFooterText] = useState(stringOf(footer.text));
  const [errors, setErrors] = useState<{ title?: string; footer?: string }>({});
  const [notice, setNotice] = useState<SaveNotice>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const footerRef = useRef<HTMLTextAreaElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [save, saving] = useInputMutation<HeaderFooterScreenSaveMutation>(graphql`
    mutation HeaderFooterScreenSaveMutation($input: UpdateSiteHeaderFooterInput!) {
      updateSiteHeaderFooter(input: $input) {
        __typename
        ... on UpdateSiteHeaderFooterSuccess {
          siteHeaderFooter {
            header
            footer
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      title: title.trim().length > MAX_HEADER_TITLE ? adminMessages.textTooLong(MAX_HEADER_TITLE) : undefined,
      footer: footerText.trim().length > MAX_FOOTER_TEXT ? adminMessages.textTooLong(MAX_FOOTER_TEXT) : undefined,
    };
    setErrors(found);
    if (found.title || found.footer) {
      setNotice({ error: true, text: text.fixBelow });
      (found.title ? titleRef : footerRef).current?.focus();
      return;
    }
    const withText = (object: Json, key: string, value: string) => {
      const { [key]: _dropped, ...rest } = object;
      return value.trim() ? { ...rest, [key]: value.trim() } : rest;
    };
    save({
      variables: { header: withText(header, "title", title), footer: withText(footer, "text", footerText) },
      onCompleted: ({ updateSiteHeaderFooter: result }) => {
        setNotice(
          result.__typename === "UpdateSiteHeaderFooterSuccess"
            ? { error: false, text: text.saved }
            : { error: true, text: errorMessage(result as { message?: string }) },
        );
        noticeRef.current?.focus();
      },
      onError: (error) => {
        setNotice({ error: true, text: describeFailure(error) });
        noticeRef.current?.focus();
      },
    });
  };

  return (
    <section className="admin-page">
      <SiteScreenHeading heading={text.headerFooterHeading} intro={text.headerFooterIntro} />
      <SaveNoticeLines canChange={canChange} notice={notice} noticeRef={noticeRef} />
      <form className="card site-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="site-header-title">{text.headerTitle}</label>
          <input
            id="site-header-title"
            ref={titleRef}
            value={title}
            disabled={!canChange}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby="site-header-title-hint site-header-title-error"
            onChange={(event) => setTitle(event.target.value)}
          />
          <p id="site-header-title-hint" className="field-hint">
            {text.headerTitleHint(data.store.title)}
          </p>
          {errors.title ? (
            <p id="site-header-title-error" className="field-error">
              {errors.title}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="site-footer-text">{text.footerText}</label>
          <textarea
            id="site-footer-text"
            ref={footerRef}
            rows={3}
            value={footerText}
            disabled={!canChange}
            aria-invalid={errors.footer ? true : undefined}
            aria-describedby="site-footer-text-hint site-footer-text-error"
            onChange={(event) => setFooterText(event.target.value)}
          />
          <p id="site-footer-text-hint" className="field-hint">
            {text.footerTextHint}
          </p>
          {errors.footer ? (
            <p id="site-footer-text-error" className="field-error">
              {errors.footer}
            </p>
          ) : null}
        </div>
        {canChange ? (
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? text.saving : text.save}
          </button>
        ) : null}
      </form>
    </section>
  );
}
