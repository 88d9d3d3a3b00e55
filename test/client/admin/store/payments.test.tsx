// Store settings → Payments (issue 22): not connected, the store says it runs in test mode and offers
// the keys form (secret fields password-type and empty, the key rules answered before any request);
// connected, a TEST or LIVE badge, the account's facts, the honest test-mode notice, and disconnect
// only after the confirm dialog.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { createMockEnvironment } from "relay-test-utils";
import PaymentsScreenQuery from "../../../../client/__generated__/PaymentsScreenQuery.graphql.ts";
import PaymentsScreen from "../../../../client/admin/store/PaymentsScreen.tsx";
import { renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

type Env = ReturnType<typeof createMockEnvironment>;

const CONNECTED = {
  id: "OwnerPayments:demo",
  webhookUrl: "https://shop.example/webhooks/stripe",
  webhookEvents: ["payment_intent.succeeded", "payment_intent.payment_failed"],
  account: {
    mode: "LIVE",
    publishableKey: "pk_live_51Shop",
    accountId: "acct_1Shop",
    country: "US",
    defaultCurrency: "usd",
    hasWebhookSecret: false,
    connectedAt: "2026-11-27T10:00:00.000Z",
  },
};

function renderScreen(payments: Record<string, unknown>) {
  const { environment, queryRef } = preload(PaymentsScreenQuery, {}, { OwnerPayments: () => payments });
  renderAdmin(<PaymentsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, { environment });
  return environment;
}

const mutations = (environment: Env) => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");
const mutation = async (environment: Env, name: string) => {
  await waitFor(() => expect(mutations(environment).map((operation) => operation.request.node.params.name)).toContain(name));
  return mutations(environment).find((operation) => operation.request.node.params.name === name)!;
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

it("says the store runs in test mode without an account, with empty password fields for the secrets", async () => {
  renderScreen({ id: "OwnerPayments:demo", account: null });
  expect(await screen.findByRole("heading", { name: /Not connected/ })).toBeTruthy();
  expect(screen.getByText("Without a payment account the store runs in test mode: orders go through and no real payment is taken.")).toBeTruthy();
  for (const label of [/^Secret key/, /^Webhook signing secret/]) {
    const input = screen.getByLabelText(label) as HTMLInputElement;
    expect(input.type).toBe("password");
    expect(input.value).toBe("");
  }
});

it("refuses mixed test and live keys next to the field without asking the server", async () => {
  const environment = renderScreen({ id: "OwnerPayments:demo", account: null });
  type("Publishable key", "pk_live_abc");
  type("Secret key", "sk_test_abc");
  fireEvent.click(screen.getByRole("button", { name: "Connect Stripe" }));
  expect(await screen.findAllByText("The publishable and secret keys must both be test keys or both be live keys.")).not.toHaveLength(0);
  expect(mutations(environment)).toHaveLength(0);
});

it("sends the keys and shows Stripe's refusal in its words", async () => {
  const environment = renderScreen({ id: "OwnerPayments:demo", account: null });
  type("Publishable key", " pk_test_abc ");
  type("Secret key", "sk_test_abc");
  fireEvent.click(screen.getByRole("button", { name: "Connect Stripe" }));
  const connect = await mutation(environment, "ConnectPaymentAccountMutation");
  expect(connect.request.variables.input).toEqual({ publishableKey: "pk_test_abc", secretKey: "sk_test_abc", webhookSecret: null });
  await act(async () =>
    environment.mock.resolve(connect, {
      data: { connectPaymentAccount: { __typename: "InvalidInputError", __isError: "InvalidInputError", message: "Invalid API Key provided: sk_test_***abc" } },
    } as never),
  );
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid API Key provided: sk_test_***abc"));
});

it("shows a connected live account with its badge and facts, and where Stripe's webhooks go while no signing secret is saved", async () => {
  renderScreen(CONNECTED);
  expect((await screen.findByText("LIVE")).className).toContain("badge");
  expect(screen.getByText("Live keys: real payments")).toBeTruthy();
  expect(screen.getByText(/^Checkout takes payments through Stripe\. So that paid orders arrive/)).toBeTruthy();
  expect(screen.getByText("https://shop.example/webhooks/stripe")).toBeTruthy();
  expect(screen.getByText("payment_intent.succeeded, payment_intent.payment_failed")).toBeTruthy();
  for (const text of ["acct_1Shop", "US", "USD", "pk_live_51Shop", "Not set"]) expect(screen.getByText(text)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Replace keys" }));
  expect((screen.getByLabelText(/^Secret key/) as HTMLInputElement).value).toBe("");
  expect((screen.getByLabelText("Publishable key") as HTMLInputElement).value).toBe("");
});

it("asks for no webhook secret once one is saved", async () => {
  renderScreen({ ...CONNECTED, account: { ...CONNECTED.account, hasWebhookSecret: true } });
  await screen.findByText("LIVE");
  expect(screen.queryByText(/^Checkout takes payments through Stripe/)).toBeNull();
});

it("disconnects only after the confirm dialog", async () => {
  const environment = renderScreen({ ...CONNECTED, account: { ...CONNECTED.account, mode: "TEST", publishableKey: "pk_test_51Shop" } });
  expect(await screen.findByText("TEST")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
  await screen.findByRole("dialog", { name: "Disconnect Stripe?" });
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(mutations(environment)).toHaveLength(0);

  fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
  const dialog = await screen.findByRole("dialog", { name: "Disconnect Stripe?" });
  fireEvent.click(dialog.querySelector("button.danger, button.primary") as HTMLButtonElement);
  const disconnect = await mutation(environment, "DisconnectPaymentAccountMutation");
  await act(async () =>
    environment.mock.resolve(disconnect, {
      data: {
        disconnectPaymentAccount: {
          __typename: "DisconnectPaymentAccountSuccess",
          payments: { id: "OwnerPayments:demo", webhookUrl: CONNECTED.webhookUrl, webhookEvents: CONNECTED.webhookEvents, account: null },
        },
      },
    } as never),
  );
  expect(await screen.findByText("Stripe was disconnected: the store runs in test mode.")).toBeTruthy();
  expect(screen.getByRole("heading", { name: /Not connected/ })).toBeTruthy();
});
