// The owner's header, footer and navigation for the React shell: one query both the header and the
// footer read (Relay shares it), loaded once per page load; a save shows on the next page.
import { graphql, useLazyLoadQuery } from "react-relay";
import type { siteChromeQuery } from "../../__generated__/siteChromeQuery.graphql";

export function useSiteChrome() {
  return useLazyLoadQuery<siteChromeQuery>(
    graphql`
      query siteChromeQuery {
        siteChrome {
          ...SiteHeader_chrome
          ...SiteFooter_chrome
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  ).siteChrome;
}
