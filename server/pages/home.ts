// A server-rendered front page listing the catalogue, so a fresh `npm start` shows the store without
// JavaScript. The Relay storefront (issue 5) mounts its routes beside it.
import { formatMoney } from "../domain/money.ts";
import type { Services } from "../services/index.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export async function renderHomePage(services: Services, graphiql: boolean): Promise<string> {
  const [settings, products] = await Promise.all([services.settings.get(), services.catalog.list()]);
  // The same price block as everywhere: 'from' for varied prices, the sale price beside the normal one.
  const price = ({ fromPrice, salePrice, normalPrice }: (typeof products)[number]["price"]) =>
    fromPrice
      ? `from ${escapeHtml(formatMoney(fromPrice))}`
      : salePrice
        ? `<s>${escapeHtml(formatMoney(normalPrice))}</s> ${escapeHtml(formatMoney(salePrice))}`
        : escapeHtml(formatMoney(normalPrice));
  const rows = products
    .map(
      (product) =>
        `<li><strong>${escapeHtml(product.name)}</strong> · ${price(product.price)}${
          product.soldOut ? " · <em>sold out</em>" : product.price.salePrice ? " · <em>sale</em>" : ""
        } <code>${escapeHtml(product.slug)}</code></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(settings.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}code{color:#666}li{margin:.3rem 0}</style>
</head><body>
<h1>${escapeHtml(settings.title)}</h1>
<ul>
${rows}
</ul>
<p>API: <a href="/graphql">/graphql</a>${graphiql ? " (GraphiQL in the browser)" : ""} · REST: <code>/api/commerce/shopping-cart</code></p>
</body></html>`;
}
