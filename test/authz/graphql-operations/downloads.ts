// The owner operations of digital delivery over GraphQL (issue 23): a digital product's files and
// links, and the store's download settings (the renewal of an order's links is in orders.ts).
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { graphql, ids, next, type Operation, store } from "../owner-operations-setup.ts";

const ebookId = async () => (await store.db.product.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, slug: "recipe-ebook" }, select: { id: true } })).id;

/** A new link row, for a rename, remove or renewal to act on (on the mug, so the eBook stays under the per-product limit for the add and the upload). */
export async function freshDigitalLink(): Promise<number> {
  const productId = ids.mug;
  const row = { websiteId: DEMO_WEBSITE_ID, productId, kind: "LINK", name: `authz-link-${next()}`, url: "https://example.com/file", position: next() };
  return (await store.db.digitalFile.create({ data: row })).id;
}

const madeForRemove: number[] = [];
const digitalFiles = () => store.db.digitalFile.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
/** What a remove changes: how many of the files made for removes are gone (a refused run's own file stays). */
const removedFiles = async () => madeForRemove.length - (await store.db.digitalFile.count({ where: { id: { in: madeForRemove } } }));

export const downloadsOperations: Operation[] = [
  { name: "query ownerDownloadSettings", permission: "products.read", run: (c) => graphql(c, "{ ownerDownloadSettings { expiryHours downloadLimit } }") },
  {
    name: "mutation addDigitalLink",
    permission: "products.write",
    run: async (c) =>
      graphql(
        c,
        `mutation { addDigitalLink(input: { productId: "${await ebookId()}", name: "Lesson ${next()}", url: "https://example.com/l" }) { __typename } }`,
      ),
    probe: async () => (await digitalFiles()).filter((file) => file.name.startsWith("Lesson ")),
  },
  {
    name: "mutation renameDigitalFile",
    permission: "products.write",
    run: async (c) =>
      graphql(c, `mutation { renameDigitalFile(input: { fileId: "${await freshDigitalLink()}", name: "authz-renamed-${next()}" }) { __typename } }`),
    probe: async () => (await digitalFiles()).filter((file) => file.name.startsWith("authz-renamed-")),
  },
  {
    name: "mutation removeDigitalFile",
    permission: "products.write",
    run: async (c) => {
      const fileId = await freshDigitalLink();
      madeForRemove.push(fileId);
      return graphql(c, `mutation { removeDigitalFile(input: { fileId: "${fileId}" }) { __typename } }`);
    },
    probe: removedFiles,
  },
  {
    name: "mutation updateDownloadSettings",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateDownloadSettings(input: { expiryHours: ${24 + (next() % 50)}, downloadLimit: 5 }) { __typename } }`),
    probe: () => store.db.downloadSettings.findMany({ select: { expiryHours: true, downloadLimit: true } }),
  },
];
