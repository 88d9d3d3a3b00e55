// The email outbox screen: emails with their status, why a dead letter failed, and "Send again".
import { act, fireEvent, screen } from "@testing-library/react";
import OutboxScreenQuery from "../../../../client/__generated__/OutboxScreenQuery.graphql.ts";
import OutboxScreen from "../../../../client/admin/site/OutboxScreen.tsx";
import { answerLatest, preload } from "../../support/render.tsx";
import { renderAdmin } from "../support.tsx";

const emails = [
  {
    emailId: "e1",
    toEmail: "ada@example.com",
    subject: "Your order",
    kind: "order",
    status: "SENT",
    attempts: 1,
    createdAt: "2026-11-24T10:00:00Z",
    lastError: null,
    nextAttemptAt: null,
  },
  {
    emailId: "e2",
    toEmail: "bob@example.com",
    subject: "Back in stock",
    kind: "restock",
    status: "FAILED",
    attempts: 8,
    createdAt: "2026-11-23T10:00:00Z",
    lastError: "550 mailbox unavailable",
    nextAttemptAt: null,
  },
];

function show(list = emails) {
  const { environment, queryRef } = preload(
    OutboxScreenQuery,
    { status: null },
    {
      Query: () => ({ outboxEmails: { edges: list.map((node) => ({ node, cursor: node.emailId })), pageInfo: { hasNextPage: false, endCursor: null } } }),
    },
  );
  renderAdmin(<OutboxScreen queryRef={queryRef} match={{ params: {}, search: new URLSearchParams() }} />, { environment });
  return environment;
}

it("lists each email with its status, and a failed one with its last error", () => {
  show();
  expect(screen.getByText("ada@example.com")).toBeTruthy();
  const badges = [...document.querySelectorAll(".badge")].map((badge) => badge.textContent);
  expect(badges).toEqual(["Sent", "Failed"]);
  expect(screen.getByText(/550 mailbox unavailable/)).toBeTruthy();
  expect(screen.getAllByRole("button", { name: "Send again" })).toHaveLength(1);
});

it("says so when there is no email", () => {
  show([]);
  expect(screen.getByText("No emails here yet.")).toBeTruthy();
});

it("sends a dead letter again and says it is queued; a refusal shows the server's message", async () => {
  const environment = show();
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send again" })));
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.variables).toEqual({ input: { emailId: "e2" } });
  await answerLatest(environment, { retryOutboxEmail: { __typename: "RetryOutboxEmailSuccess" } });
  expect(screen.getByRole("status").textContent).toBe("Queued to send again.");
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send again" })));
  const pending = environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "OutboxScreenRetryMutation");
  await act(async () =>
    environment.mock.resolve(pending[pending.length - 1], {
      data: { retryOutboxEmail: { __typename: "NotAllowedError", __isError: "NotAllowedError", message: "Only a failed email can be sent again." } },
    } as never),
  );
  expect(screen.getByRole("alert").textContent).toBe("Only a failed email can be sent again.");
});
