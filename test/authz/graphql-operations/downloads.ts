// The owner operations of digital delivery over GraphQL (issue 23): a digital product's files and
// links, and the store's download settings (the renewal of an order's links is in orders.ts).
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { graphql, next, type Operation, store } from "../owner-operations-setup.ts";

const ebookId = async () => (await store.db.product.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, slug: "recipe-ebook" }, select: { id: true } })).id;

/** A new link on the eBook, for a rename or remove to act on. */
export async function freshDigitalLink(): Promise<number> {
  return (await store.app.services.downloads.files.addLink(await ebookId(), `authz-link-${next()}`, "https://example.com/file")).id;
}

let madeForRemove = 0;
const digitalFiles = () => store.db.digitalFile.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
/** The files a refused call would change: every file but those made for a remove to delete. */
const filesNotMadeForRemove = async () => (await store.db.digitalFile.count()) - madeForRemove;

export const downloadsOperations: Operation[] = [
  { name: "query ownerDownloadSettings", permission: "products.read", run: (c) => graphql(c, "{ ownerDownloadSettings { expiryHours downloadLimit } }") },
  {
    name: "mutation addDigitalLink",
    permission: "products.write",
    run: async (c) =>
      graphql(c, `mutation { addDigitalLink(input: { productId: "${await ebookId()}", name: "Lesson ${next()}", url: "https://example.com/l" }) { __typename } }`),
    probe: async () => (await digitalFiles()).filter((file) => file.name.startsWith("Lesson ")),
  },
  {
    name: "mutation renameDigitalFile",
    permission: "products.write",
    run: async (c) => graphql(c, `mutation { renameDigitalFile(input: { fileId: "${await freshDigitalLink()}", name: "authz-renamed-${next()}" }) { __typename } }`),
    probe: async () => (await digitalFiles()).filter((file) => file.name.startsWith("authz-renamed-")),
  },
  {
    name: "mutation removeDigitalFile",
    permission: "products.write",
    run: async (c) => {
      madeForRemove++;
      return graphql(c, `mutation { removeDigitalFile(input: { fileId: "${await freshDigitalLink()}" }) { __typename } }`);
    },
    probe: filesNotMadeForRemove,
  },
  {
    name: "mutation updateDownloadSettings",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateDownloadSettings(input: { expiryHours: ${24 + (next() % 50)}, downloadLimit: 5 }) { __typename } }`),
    probe: () => store.db.downloadSettings.findMany({ select: { expiryHours: true, downloadLimit: true } }),
  },
];
