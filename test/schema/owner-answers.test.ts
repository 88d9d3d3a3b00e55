// Owner answers over GraphQL (issue 4 §3) never enter the shared catalogue cache, over HTTP or graphql-ws.
import { wsClientFor } from "../support/ws.ts";
import { owner, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("owner answers and the catalogue cache", () => {
  it("never serves an owner's answer to anyone else", async () => {
    const query = "{ ownerProducts(first: 3) { edges { node { slug visible } } } }";
    expect((await owner.graphql(query)).data.ownerProducts.edges).toHaveLength(3);
    expect((await owner.graphql(query)).data.ownerProducts.edges).toHaveLength(3);
    const anonymous = await store.visitor().graphql(query);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors).toEqual([
      expect.objectContaining({ message: "Please sign in to continue.", extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }) }),
    ]);
  });
});

describe("queries over graphql-ws", () => {
  it("answer owners and anonymous visitors (the catalogue cache stays out of them)", async () => {
    const query = "{ ownerProducts(first: 1) { edges { node { slug } } } }";
    const ownerClient = wsClientFor(store.baseUrl, owner.visitor, { xsrfToken: owner.xsrfToken });
    const anonymousClient = wsClientFor(store.baseUrl);
    const once = (client: ReturnType<typeof wsClientFor>, document: string) =>
      new Promise<any>((resolve, reject) => {
        let result: unknown;
        client.subscribe({ query: document }, { next: (value) => (result = value), error: reject, complete: () => resolve(result) });
      });
    try {
      expect((await once(ownerClient, query)).data.ownerProducts.edges).toHaveLength(1);
      expect((await once(anonymousClient, '{ product(slug: "ceramic-mug") { slug } }')).data.product).toEqual({ slug: "ceramic-mug" });
      const refused = await once(anonymousClient, query);
      expect(refused.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    } finally {
      await ownerClient.dispose();
      await anonymousClient.dispose();
    }
  });
});
