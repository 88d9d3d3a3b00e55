// What the storefront shows of a page beyond its own screen (issue 12), from `storefrontPage`: a
// password before the page (the site's lock screen, 103, or the page's own, 105) gives the password
// form; a members-only page seen by a visitor who is not signed in gives the access-denied page (page
// type 106) with a join button leading to sign-up; otherwise the screen, followed by the form blocks the
// site's templates place on the page (`form-block`, forms anywhere). A key no form has shows
// 'Unable to open form'.
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { PageExtrasQuery } from "../__generated__/PageExtrasQuery.graphql";
import { messages } from "../../server/domain/messages/storefront.ts";
import { useRouter } from "../shared/router/Router.tsx";
import { trackPage } from "../shared/tracking/track.ts";

// The password form, the access-denied page and the form blocks load only on the pages that have them:
// most pages have none, and every page's bundle stays small.
const AccessDenied = lazy(() => import("./members/AccessDenied.tsx").then((module) => ({ default: module.AccessDenied })));
const LockedPage = lazy(() => import("./members/LockedPage.tsx").then((module) => ({ default: module.LockedPage })));
const FormBlock = lazy(() => import("./forms/FormBlock.tsx").then((module) => ({ default: module.FormBlock })));

export function PageExtras({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const { storefrontPage: page } = useLazyLoadQuery<PageExtrasQuery>(
    graphql`
      query PageExtrasQuery($path: String!) {
        storefrontPage(path: $path) {
          path
          pageType
          accessDenied
          locked
          formKeys
          forms {
            id
            key
            ...FormBlock_form
          }
          tracking {
            cookiePolicy
            bannerEnabled
            websiteId
          }
        }
      }
    `,
    { path: location },
    { fetchPolicy: "store-and-network" },
  );
  // One page view per location (client/storefront/tracking: not on /search, not found, the lock screen or access denied).
  useEffect(() => {
    if (page) trackPage(location, page.pageType, page.tracking);
  }, [location, page]);
  // AppShell's Suspense boundary around PageExtras covers the loading of these two pages.
  if (page?.locked === "LOCK_SCREEN" || page?.locked === "PROTECTED_CONTENT") return <LockedPage kind={page.locked} path={location.split("?")[0]} />;
  if (page?.accessDenied) return <AccessDenied path={page.path} />;
  const keys = page?.formKeys ?? [];
  return (
    <>
      {children}
      {keys.length > 0 ? (
        <Suspense fallback={null}>
          <div className="page-forms">
            {keys.map((key) => {
              const form = page?.forms.find((candidate) => candidate.key === key);
              return form ? (
                <FormBlock key={form.id} form={form} />
              ) : (
                <p key={key} className="form-problem" role="alert">
                  {messages.unableToOpenForm}
                </p>
              );
            })}
          </div>
        </Suspense>
      ) : null}
    </>
  );
}
