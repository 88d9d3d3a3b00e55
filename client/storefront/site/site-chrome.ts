// The owner's header, footer and navigation for the React shell: one query both the header and the
// footer read (Relay shares it), loaded once per page load; a save shows on the next page. The store's
// payment mode rides along: the footer's default line says "test mode" only while no provider is
// connected.
import { graphql, useLazyLoadQuery } from "react-relay";
import type { siteChromeQuery } from "../../__generated__/siteChromeQuery.graphql";

export function useSiteChrome() {
  return useSiteChromeData().siteChrome;
}

export function useSiteChromeData() {
  return useLazyLoadQuery<siteChromeQuery>(
    graphql`
      query siteChromeQuery {
        siteChrome {
          ...SiteHeader_chrome
          ...SiteFooter_chrome
        }
        store {
          payments {
            mode
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
}
