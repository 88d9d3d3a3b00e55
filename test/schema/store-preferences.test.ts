// Owner operations over GraphQL (issue 4 §3): commerce preferences and their subscription.
import { subscribe, wsClientFor } from "../support/ws.ts";
import { ok, owner, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("commerce preferences", () => {
  it("reads and saves over GraphQL; an unchanged save reports changed false", async () => {
    const saved = await ok(
      'mutation { updateCommercePreferences(input: { namespace: "shipping", preferences: { freeOver: 5000, websiteId: "x", note: "" } }) { __typename ... on UpdateCommercePreferencesSuccess { commercePreferences { preferences version changed } } } }',
    );
    expect(saved.updateCommercePreferences).toEqual({
      __typename: "UpdateCommercePreferencesSuccess",
      commercePreferences: { preferences: { freeOver: 5000 }, version: 1, changed: true },
    });
    const again = await ok(
      'mutation { updateCommercePreferences(input: { namespace: "shipping", preferences: { freeOver: 5000 } }) { ... on UpdateCommercePreferencesSuccess { commercePreferences { version changed } } } }',
    );
    expect(again.updateCommercePreferences).toEqual({ commercePreferences: { version: 1, changed: false } });
    const read = await ok('{ commercePreferences(namespace: "shipping") { ... on CommercePreferences { preferences version } } }');
    expect(read.commercePreferences).toEqual({ preferences: { freeOver: 5000 }, version: 1 });
  });

  it("streams every save to subscribers of the namespace over graphql-ws", async () => {
    const client = wsClientFor(store.baseUrl, owner.visitor, { xsrfToken: owner.xsrfToken });
    const listening = store.listening("commercePreferencesChanged");
    const subscription = subscribe(client, 'subscription { commercePreferencesChanged(namespace: "tax") { preferences version } }');
    try {
      let version = 0;
      const next = subscription.next((value: any) => value.commercePreferencesChanged.preferences.rate === 8);
      await listening;
      await ok(`mutation { updateCommercePreferences(input: { namespace: "tax", preferences: { rate: 7, n: ${++version} } }) { __typename } }`);
      await subscription.next();
      await ok('mutation { updateCommercePreferences(input: { namespace: "other", preferences: { rate: 8 } }) { __typename } }');
      await ok(`mutation { updateCommercePreferences(input: { namespace: "tax", preferences: { rate: 8, n: ${++version} } }) { __typename } }`);
      const event: any = await next;
      expect(event.commercePreferencesChanged.preferences.rate).toBe(8);
      expect(
        subscription.values.every(
          (value: any) => "rate" in value.commercePreferencesChanged.preferences && "n" in value.commercePreferencesChanged.preferences,
        ),
      ).toBe(true);
    } finally {
      subscription.dispose();
      await client.dispose();
    }
  });

  it("refuses the subscription to a visitor without the permission", async () => {
    const client = wsClientFor(store.baseUrl);
    const subscription = subscribe(client, 'subscription { commercePreferencesChanged(namespace: "tax") { version } }');
    try {
      const errors: any = await subscription.error;
      expect(errors[0]).toMatchObject({ message: "Please sign in to continue.", extensions: { code: "UNAUTHENTICATED" } });
    } finally {
      subscription.dispose();
      await client.dispose();
    }
  });
});
