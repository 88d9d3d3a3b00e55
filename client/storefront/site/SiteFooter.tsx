// The footer: the owner's secondary navigation and footer text (or the store's default line).
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { SiteFooter_chrome$key } from "../../__generated__/SiteFooter_chrome.graphql";
import { useSiteChrome } from "./site-chrome.ts";
import { SiteNavigation } from "./SiteNavigation.tsx";

export function SiteFooterContent({ chrome }: { chrome: SiteFooter_chrome$key }) {
  const data = useFragment(
    graphql`
      fragment SiteFooter_chrome on SiteChrome {
        title
        footerText
        secondaryNavigation {
          ...SiteNavigation_links
        }
      }
    `,
    chrome,
  );
  return (
    <>
      {data.secondaryNavigation.length > 0 ? (
        <SiteNavigation links={data.secondaryNavigation} label={messages.footerNavigation} className="site-footer-nav" />
      ) : null}
      <p>{data.footerText ?? messages.defaultFooterText(data.title)}</p>
    </>
  );
}

/** The footer as the owner saved it (suspends while it loads). */
export function SiteFooter() {
  return <SiteFooterContent chrome={useSiteChrome()} />;
}
