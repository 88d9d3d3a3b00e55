// The storefront's header and footer from the owner's data (issue 10 §1): the title, the main
// navigation with nested links (the site's own addresses through the router, others plain links,
// folders as text), the secondary navigation and the footer text, or the default line without one.
import { act, screen } from "@testing-library/react";
import { MockPayloadGenerator } from "relay-test-utils";
import { SiteFooter } from "../../../../client/storefront/site/SiteFooter.tsx";
import { SiteHeader } from "../../../../client/storefront/site/SiteHeader.tsx";
import { renderWithRelay } from "../../support/render.tsx";

const link = (title: string, url: string | null, links: unknown[] = []) => ({ title, url, external: url !== null && !url.startsWith("/"), links });

async function renderChrome(chrome: Record<string, unknown>, paymentMode: "NONE" | "TEST" | "LIVE" = "NONE") {
  const utils = renderWithRelay(
    <>
      <header>
        <SiteHeader />
      </header>
      <footer>
        <SiteFooter />
      </footer>
    </>,
  );
  await act(async () => {
    utils.environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, { SiteChrome: () => chrome, StorePayments: () => ({ mode: paymentMode, publishableKey: null }) }),
    );
  });
  return utils;
}

it("shows the owner's title and navigation: router links for the site's addresses, plain links elsewhere, folders as text", async () => {
  const { navigate } = await renderChrome({
    title: "Linen & Co",
    footerText: "Open daily",
    mainNavigation: [link("Shop", "/shop", [link("Sale", "https://example.com/sale")]), link("About", null, [link("Contact us", "/contact")])],
    secondaryNavigation: [link("Help", "/contact")],
  });
  expect(screen.getByRole("link", { name: "Linen & Co" }).getAttribute("href")).toBe("/");
  const main = screen.getByRole("navigation", { name: "Main" });
  expect([...main.querySelectorAll("a")].map((anchor) => [anchor.textContent, anchor.getAttribute("href")])).toEqual([
    ["Shop", "/shop"],
    ["Sale", "https://example.com/sale"],
    ["Contact us", "/contact"],
    ["Search", "/search"],
  ]);
  expect(main.textContent).toContain("About");
  screen.getByRole("link", { name: "Shop" }).click();
  expect(navigate).toHaveBeenCalledWith("/shop");
  expect(screen.getByRole("navigation", { name: "Footer" }).textContent).toBe("Help");
  expect(screen.getByText("Open daily")).toBeTruthy();
});

it("without the owner's footer text shows the store's default line, and no footer navigation when there is none", async () => {
  await renderChrome({ title: "Sitecart Demo", footerText: null, mainNavigation: [], secondaryNavigation: [] });
  expect(screen.getByText("Sitecart Demo · a Sitecart store in test mode: no real orders or payments.")).toBeTruthy();
  expect(screen.queryByRole("navigation", { name: "Footer" })).toBeNull();
});

it.each(["TEST", "LIVE"] as const)("once a payment provider is connected (%s keys), the default line no longer claims test mode", async (mode) => {
  await renderChrome({ title: "Sitecart Demo", footerText: null, mainNavigation: [], secondaryNavigation: [] }, mode);
  expect(screen.getByText("Sitecart Demo · a Sitecart store.")).toBeTruthy();
  expect(screen.queryByText(/test mode/)).toBeNull();
});
