// The owner operations over REST, each with the permission docs/permissions.md gives it and the state
// it would change.
import {
  categories,
  collections,
  header,
  ids,
  languages,
  navigations,
  next,
  type Operation,
  preferences,
  queue,
  rest,
  REST_PRODUCTS,
  RESTOCK,
  store,
  products,
  website,
} from "./owner-operations-setup.ts";
import { imagesPath, postImage, testImage } from "../support/images.ts";
import { imageCount } from "./product-images-setup.ts";

/** The eBook's digital file upload path (issue 23). */
const digitalFilesPath = async () =>
  `/api/content-service/product/1.1/websites/sitecart-demo/products/${(await store.db.product.findFirstOrThrow({ where: { websiteId: "sitecart-demo", slug: "recipe-ebook" } })).id}/digital-files`;

/** A product CSV with one new product a run adds (each run a new handle, so a permitted call changes the catalogue). */
const importFile = () => Buffer.from(`Handle,Title,Variant Price\nauthz-import-${next()},Authz Import,1.00\n`);

export const restOperations: Operation[] = [
  {
    name: "POST /api/content-service/product/1.1/websites/{websiteId}/products/{productId}/images",
    permission: "products.write",
    run: async (c) => rest(await postImage(c.visitor, c.xsrfToken, imagesPath(ids.mug), await testImage(20, 20))),
    probe: imageCount,
  },
  {
    name: "POST /api/content-service/product/1.1/websites/{websiteId}/products/{productId}/digital-files",
    permission: "products.write",
    run: async (c) =>
      rest(await postImage(c.visitor, c.xsrfToken, await digitalFilesPath(), Buffer.from("%PDF-1.4 authz"), { query: { name: `authz-${next()}.pdf` } })),
    probe: () => store.db.digitalFile.count({ where: { kind: "FILE" } }),
  },
  { name: "GET /api/site-header-footer", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/site-header-footer")) },
  {
    name: "PUT /api/site-header-footer",
    permission: "site.design",
    run: async (c) => rest(await c.request("PUT", "/api/site-header-footer", { body: { header: { n: next() }, footer: {} } })),
    probe: header,
  },
  { name: "GET /api/multilingual/settings", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/settings")) },
  { name: "GET /api/multilingual/status", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/status")) },
  { name: "GET /api/multilingual/languages", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/languages")) },
  {
    name: "PUT /api/multilingual/languages",
    permission: "site.settings",
    run: async (c) => rest(await c.request("PUT", "/api/multilingual/languages", { body: { languages: ["en-US", next() % 2 ? "es-ES" : "it-IT"] } })),
    probe: languages,
  },
  {
    name: "DELETE /api/multilingual/connection",
    permission: "site.settings",
    run: async (c) => rest(await c.request("DELETE", "/api/multilingual/connection")),
    probe: async () => [await website(), await languages()],
  },
  {
    name: "GET /api/v1/commerce-preferences/{namespace}",
    permission: "commerce.read",
    run: async (c) => rest(await c.request("GET", "/api/v1/commerce-preferences/authz")),
  },
  {
    name: "PUT /api/v1/commerce-preferences/{namespace}",
    permission: "commerce.write",
    run: async (c) => rest(await c.request("PUT", "/api/v1/commerce-preferences/authz", { body: { n: next() } })),
    probe: preferences,
  },
  {
    name: "POST /api/content-service/product/1.1/websites/{websiteId}/products",
    permission: "store.create",
    run: async (c) => rest(await c.request("POST", REST_PRODUCTS, { body: { title: "Authz Rest", navigationTitle: "Authz Rest", enabled: true } })),
    probe: collections,
  },
  {
    name: "POST .../products/{collectionId}/categories",
    permission: "store.create",
    run: async (c) =>
      rest(
        await c.request("POST", `${REST_PRODUCTS}/${ids.collection}/categories`, {
          body: { displayName: `Cat ${next()}`, type: "CATEGORY", pageRendering: "LIST_VIEW", displayIndex: 2 },
        }),
      ),
    probe: categories,
  },
  {
    name: "POST /api/widget/UpdateNavigation",
    permission: "site.design",
    run: async (c) =>
      rest(
        await c.request("POST", "/api/widget/UpdateNavigation", {
          body: { fieldName: "secondaryNav", navigation: { items: [{ externalLink: `/r${next()}` }] } },
        }),
      ),
    probe: navigations,
  },
  { name: "GET /api/commondata/GetSiteLayout", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/commondata/GetSiteLayout")) },
  {
    name: "GET /api/site-users/account/notifications/restock",
    permission: "restock.read",
    run: async (c) => rest(await c.request("GET", `${RESTOCK}?productId=${ids.tote}`)),
  },
  {
    name: "GET /api/owner/forms/:formId/submissions.csv",
    permission: "submissions.read",
    run: async (c) => rest(await c.request("GET", `/api/owner/forms/${ids.contact}/submissions.csv`)),
  },
  {
    name: "GET /api/owner/mailing-lists/:mailingListId/signups.csv",
    permission: "mailingLists.read",
    run: async (c) => rest(await c.request("GET", `/api/owner/mailing-lists/${ids.newsletterList}/signups.csv`)),
  },
  {
    name: "GET /api/owner/analytics/export.csv",
    permission: "analytics.read",
    run: async (c) => rest(await c.request("GET", "/api/owner/analytics/export.csv?preset=LAST_7_DAYS")),
  },
  { name: "GET /api/owner/products.csv", permission: "products.read", run: async (c) => rest(await c.request("GET", "/api/owner/products.csv")) },
  { name: "GET /api/owner/orders.csv", permission: "orders.read", run: async (c) => rest(await c.request("GET", "/api/owner/orders.csv")) },
  { name: "GET /api/owner/customers.csv", permission: "customers.read", run: async (c) => rest(await c.request("GET", "/api/owner/customers.csv")) },
  {
    name: "POST /api/owner/products/import/preview",
    permission: "products.write",
    run: async (c) => rest(await postImage(c.visitor, c.xsrfToken, "/api/owner/products/import/preview", importFile())),
    probe: products,
  },
  {
    name: "POST /api/owner/products/import",
    permission: "products.write",
    run: async (c) => rest(await postImage(c.visitor, c.xsrfToken, "/api/owner/products/import", importFile())),
    probe: products,
  },
  { name: "GET .../restock/groups", permission: "restock.reports", run: async (c) => rest(await c.request("GET", `${RESTOCK}/groups`)) },
  {
    name: "POST .../restock/send",
    permission: "restock.send",
    run: async (c) => rest(await c.request("POST", `${RESTOCK}/send`, { body: { productId: ids.tote, variantId: ids.natural } })),
    probe: queue,
  },
  {
    name: "POST .../restock/send/all",
    permission: "restock.send",
    run: async (c) => rest(await c.request("POST", `${RESTOCK}/send/all`, { body: { sendRequests: [{ productId: ids.tote, variantId: ids.natural }] } })),
    probe: queue,
  },
];
