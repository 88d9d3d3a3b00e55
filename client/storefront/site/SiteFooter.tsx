// The footer: the owner's secondary navigation and footer text (or the store's default line, which
// claims test mode only while the store takes no payment).
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { SiteFooter_chrome$key } from "../../__generated__/SiteFooter_chrome.graphql";
import { useSiteChromeData } from "./site-chrome.ts";
import { SiteNavigation } from "./SiteNavigation.tsx";

export function SiteFooterContent({ chrome, takesPayments = false }: { chrome: SiteFooter_chrome$key; takesPayments?: boolean }) {
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
      <p>{data.footerText ?? messages.defaultFooterText(data.title, takesPayments)}</p>
    </>
  );
}

/** The footer as the owner saved it (suspends while it loads). */
export function SiteFooter() {
  const { siteChrome, store } = useSiteChromeData();
  return <SiteFooterContent chrome={siteChrome} takesPayments={store.payments.mode !== "NONE"} />;
}
