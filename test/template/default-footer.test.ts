// The default site layout's footer line (server/template/defaults/site.html), when the owner wrote no
// footer text: "test mode" only while the store takes no payment (issue 22). The page context's
// `siteFooter.takesPayments` says whether a payment provider is connected; absent, it is test mode.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";
import { renderTemplate } from "../../server/template/index.ts";

const layout = readFileSync(join(projectRoot, "server/template/defaults/site.html"), "utf8");
const footer = /<footer class="sc-footer">[\s\S]*?<\/footer>/.exec(layout)![0];
const render = (siteFooter: Record<string, unknown>) =>
  renderTemplate(footer, { siteHeader: { title: "Linen & Co" }, siteFooter, siteNavigation: { secondary: [] } }).html;

it("says test mode while no payment provider is connected", () => {
  expect(render({ text: null })).toContain("<p>Linen &amp; Co · a Sitecart store in test mode: no real orders or payments.</p>");
  expect(render({ text: null, takesPayments: false })).toContain("a Sitecart store in test mode: no real orders or payments.");
});

it("no longer claims test mode once the store takes payment", () => {
  const html = render({ text: null, takesPayments: true });
  expect(html).toContain("<p>Linen &amp; Co · a Sitecart store.</p>");
  expect(html).not.toContain("test mode");
});

it("shows the owner's text either way", () => {
  expect(render({ text: "Open daily", takesPayments: true })).toContain("<p>Open daily</p>");
  expect(render({ text: "Open daily", takesPayments: false })).toContain("<p>Open daily</p>");
});
