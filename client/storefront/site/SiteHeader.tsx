// The header's title and the owner's main navigation (with the store's own Search link after it).
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { SiteHeader_chrome$key } from "../../__generated__/SiteHeader_chrome.graphql";
import { Link } from "../../shared/router/Router.tsx";
import { useSiteChrome } from "./site-chrome.ts";
import { SiteNavigation } from "./SiteNavigation.tsx";

export function SiteHeaderContent({ chrome }: { chrome: SiteHeader_chrome$key }) {
  const data = useFragment(
    graphql`
      fragment SiteHeader_chrome on SiteChrome {
        title
        mainNavigation {
          ...SiteNavigation_links
        }
      }
    `,
    chrome,
  );
  return (
    <>
      <Link href="/" className="site-title">
        {data.title}
      </Link>
      <SiteNavigation links={data.mainNavigation} label={messages.mainNavigation}>
        <li>
          <Link href="/search">{messages.searchPageTitle}</Link>
        </li>
      </SiteNavigation>
    </>
  );
}

/** The title and main navigation as the owner saved them (suspends while they load). */
export function SiteHeader() {
  return <SiteHeaderContent chrome={useSiteChrome()} />;
}
