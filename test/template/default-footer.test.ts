// The default site layout's footer line (server/template/defaults/site.html), when the owner wrote no
// footer text: the page context's `siteFooter.defaultText`, which says "test mode" only while the store
// takes no payment (issue 22; a connected store's page: test/schema/checkout-payments.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";
import { messages } from "../../server/domain/messages/storefront.ts";
import { renderTemplate } from "../../server/template/index.ts";

const layout = readFileSync(join(projectRoot, "server/template/defaults/site.html"), "utf8");
const footer = /<footer class="sc-footer">[\s\S]*?<\/footer>/.exec(layout)![0];
const render = (text: string | null, takesPayments: boolean) =>
  renderTemplate(footer, {
    siteHeader: { title: "Linen & Co" },
    siteFooter: { text, defaultText: messages.defaultFooterText("Linen & Co", takesPayments) },
    siteNavigation: { secondary: [] },
  }).html;

it("says test mode while no payment provider is connected", () => {
  expect(render(null, false)).toContain("<p>Linen &amp; Co · a Sitecart store in test mode: no real orders or payments.</p>");
});

it("no longer claims test mode once the store takes payment", () => {
  const html = render(null, true);
  expect(html).toContain("<p>Linen &amp; Co · a Sitecart store.</p>");
  expect(html).not.toContain("test mode");
});

it("shows the owner's text either way", () => {
  expect(render("Open daily", true)).toContain("<p>Open daily</p>");
  expect(render("Open daily", false)).toContain("<p>Open daily</p>");
});
