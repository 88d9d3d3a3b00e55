// /config/gift-cards (issue 24 §6): every gift card of the store, newest first, paged; filtered by state
// and found by the last group of its code (both in the URL); disabled with a reason and enabled again;
// issued by hand in the store's currency (the server emails the code to the recipient).
import { startTransition, useState, type FormEvent } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { fromDecimalValue } from "../../../server/domain/money.ts";
import { GIFT_CARD_STATES } from "../../../server/domain/orders/gift-card-admin.ts";
import type { GiftCardsScreenQuery as Query } from "../../__generated__/GiftCardsScreenQuery.graphql.ts";
import type { GiftCardsScreen_cards$data, GiftCardsScreen_cards$key } from "../../__generated__/GiftCardsScreen_cards.graphql.ts";
import type { GiftCardsScreenDisableMutation } from "../../__generated__/GiftCardsScreenDisableMutation.graphql.ts";
import type { GiftCardsScreenEnableMutation } from "../../__generated__/GiftCardsScreenEnableMutation.graphql.ts";
import type { GiftCardsScreenIssueMutation } from "../../__generated__/GiftCardsScreenIssueMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { Pager } from "../../shared/ui/Pager.tsx";
import "../../shared/ui/admin-forms.css";
import "./cards.css";

const text = adminMessages.giftCards;

export const giftCardsScreenQuery = graphql`
  query GiftCardsScreenQuery($state: GiftCardState, $codeEnding: String) {
    ownerStoreSettings {
      currency
    }
    ...GiftCardsScreen_cards @arguments(state: $state, codeEnding: $codeEnding)
  }
`;

type Notice = { error: boolean; text: string } | null;

export default function GiftCardsScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(giftCardsScreenQuery, queryRef);
  const { navigate } = useRouter();
  const canWrite = useCan("orders.write");
  const [codeEnding, setCodeEnding] = useState(match.search.get("code") ?? "");
  const [state, setState] = useState(match.search.get("state") ?? "");
  const [notice, setNotice] = useState<Notice>(null);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (codeEnding.trim()) params.set("code", codeEnding.trim());
    if (state) params.set("state", state);
    navigate(`/config/gift-cards${params.size ? `?${params}` : ""}`, { replace: true });
  };

  return (
    <section className="admin-page gift-cards-page">
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <form className="toolbar" role="search" onSubmit={find}>
        <div className="field">
          <label htmlFor="gift-card-code">{text.findLabel}</label>
          <input id="gift-card-code" value={codeEnding} onChange={(event) => setCodeEnding(event.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="gift-card-state">{adminMessages.orders.stateLabel}</label>
          <select id="gift-card-state" value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{adminMessages.orders.anyState}</option>
            {GIFT_CARD_STATES.map((value) => (
              <option key={value} value={value}>
                {text.states[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {text.find}
        </button>
      </form>
      <Cards cards={data} canWrite={canWrite} currency={data.ownerStoreSettings.currency} onNotice={setNotice} />
    </section>
  );
}

type Card = GiftCardsScreen_cards$data["ownerGiftCards"]["edges"][number]["node"];

function Cards({
  cards,
  canWrite,
  currency,
  onNotice,
}: {
  cards: GiftCardsScreen_cards$key;
  canWrite: boolean;
  currency: string;
  onNotice: (notice: Notice) => void;
}) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment(
    graphql`
      fragment GiftCardsScreen_cards on Query
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 15 }
        after: { type: "String" }
        state: { type: "GiftCardState" }
        codeEnding: { type: "String" }
      )
      @refetchable(queryName: "GiftCardsScreenPaginationQuery") {
        ownerGiftCards(first: $first, after: $after, state: $state, codeEnding: $codeEnding) @connection(key: "GiftCardsScreen_ownerGiftCards") {
          edges {
            node {
              giftCardId
              maskedCode
              state
              initialBalance {
                formatted
              }
              balance {
                formatted
              }
              recipientEmail
              buyerEmail
              issuedBy
              note
              issuedAt
              lastUsedAt
              disabledReason
            }
          }
        }
      }
    `,
    cards,
  );
  const rows = data.ownerGiftCards.edges.map((edge) => edge.node);
  // The new card heads the list: load its first page afresh.
  const onIssued = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });
  return (
    <>
      {rows.length === 0 ? <p className="empty-state">{text.empty}</p> : null}
      <table hidden={rows.length === 0} className="data-table gift-cards-table">
        <thead>
          <tr>
            <th scope="col">{adminMessages.order.giftCardColumns.code}</th>
            <th scope="col">{text.columns.initial}</th>
            <th scope="col">{text.columns.balance}</th>
            <th scope="col">{text.columns.issuedAt}</th>
            <th scope="col">{text.columns.lastUsed}</th>
            <th scope="col">{text.columns.who}</th>
            <th scope="col">{adminMessages.orders.stateLabel}</th>
            {canWrite ? <th scope="col">{adminMessages.site.actionsColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((card) => (
            <CardRow key={card.giftCardId} card={card} canWrite={canWrite} onNotice={onNotice} />
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
      {canWrite ? <IssueForm currency={currency} onNotice={onNotice} onIssued={onIssued} /> : null}
    </>
  );
}

function CardRow({ card, canWrite, onNotice }: { card: Card; canWrite: boolean; onNotice: (notice: Notice) => void }) {
  const [reason, setReason] = useState<string | null>(null);
  const [disable, disabling] = useInputMutation<GiftCardsScreenDisableMutation>(graphql`
    mutation GiftCardsScreenDisableMutation($input: DisableGiftCardInput!) {
      disableGiftCard(input: $input) {
        __typename
        ... on DisableGiftCardSuccess {
          giftCard {
            giftCardId
            state
            disabledReason
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [enable, enabling] = useInputMutation<GiftCardsScreenEnableMutation>(graphql`
    mutation GiftCardsScreenEnableMutation($input: EnableGiftCardInput!) {
      enableGiftCard(input: $input) {
        __typename
        ... on EnableGiftCardSuccess {
          giftCard {
            giftCardId
            state
            disabledReason
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const failed = (error: unknown) => onNotice({ error: true, text: describeFailure(error) });
  const submitDisable = (event: FormEvent) => {
    event.preventDefault();
    disable({
      variables: { giftCardId: card.giftCardId, reason: reason ?? "" },
      onCompleted: ({ disableGiftCard: result }) => {
        const ok = result.__typename === "DisableGiftCardSuccess";
        onNotice(ok ? { error: false, text: text.disabled } : { error: true, text: errorMessage(result as { message?: string }) });
        if (ok) setReason(null);
      },
      onError: failed,
    });
  };
  const onEnable = () =>
    enable({
      variables: { giftCardId: card.giftCardId },
      onCompleted: ({ enableGiftCard: result }) =>
        onNotice(
          result.__typename === "EnableGiftCardSuccess"
            ? { error: false, text: text.enabled }
            : { error: true, text: errorMessage(result as { message?: string }) },
        ),
      onError: failed,
    });
  const reasonId = `disable-reason-${card.giftCardId}`;
  return (
    <tr>
      <td data-label={adminMessages.order.giftCardColumns.code}>
        <code>{card.maskedCode}</code>
      </td>
      <td data-label={text.columns.initial}>{card.initialBalance.formatted}</td>
      <td data-label={text.columns.balance}>{card.balance.formatted}</td>
      <td data-label={text.columns.issuedAt}>{formatDateTime(String(card.issuedAt))}</td>
      <td data-label={text.columns.lastUsed}>{card.lastUsedAt ? formatDateTime(String(card.lastUsedAt)) : adminMessages.apiKeysNever}</td>
      <td data-label={text.columns.who}>
        {card.recipientEmail}
        <p className="field-hint">{card.buyerEmail ? text.boughtBy(card.buyerEmail) : card.issuedBy ? text.issuedBy(card.issuedBy) : null}</p>
        {card.note ? <p className="field-hint">{card.note}</p> : null}
      </td>
      <td data-label={adminMessages.orders.stateLabel}>
        <span className={`badge ${card.state.toLowerCase()}`}>{text.states[card.state]}</span>
        {card.disabledReason ? <p className="field-hint">{card.disabledReason}</p> : null}
      </td>
      {canWrite ? (
        <td data-label={adminMessages.site.actionsColumn}>
          {card.state === "DISABLED" ? (
            <button type="button" className="button" aria-label={text.enableLabel(card.maskedCode)} disabled={enabling} onClick={onEnable}>
              {text.enable}
            </button>
          ) : reason === null ? (
            <button type="button" className="button danger" aria-label={text.disableLabel(card.maskedCode)} onClick={() => setReason("")}>
              {text.disable}
            </button>
          ) : (
            <form onSubmit={submitDisable} aria-label={text.disableTitle(card.maskedCode)}>
              <label htmlFor={reasonId}>{text.disableReason}</label>
              <input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
              <button type="submit" className="button danger" disabled={disabling}>
                {text.disableConfirm}
              </button>
              <button type="button" className="button" onClick={() => setReason(null)}>
                {adminMessages.cancel}
              </button>
            </form>
          )}
        </td>
      ) : null}
    </tr>
  );
}

function IssueForm({ currency, onNotice, onIssued }: { currency: string; onNotice: (notice: Notice) => void; onIssued: () => void }) {
  const [amount, setAmount] = useState("");
  const [recipientEmail, setRecipientEmail] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [issue, issuing] = useInputMutation<GiftCardsScreenIssueMutation>(graphql`
    mutation GiftCardsScreenIssueMutation($input: IssueGiftCardInput!) {
      issueGiftCard(input: $input) {
        __typename
        ... on IssueGiftCardSuccess {
          giftCard {
            recipientEmail
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An amount that does not parse goes as 0: the server's refusal says what it wants.
    const minor = fromDecimalValue(amount.trim(), currency)?.value ?? 0;
    issue({
      variables: { amount: minor, recipientEmail, note: note || null },
      onCompleted: ({ issueGiftCard: result }) => {
        if (result.__typename !== "IssueGiftCardSuccess") return setError(errorMessage(result as { message?: string }));
        setError(null);
        setAmount("");
        setRecipientEmail("");
        setNote("");
        onNotice({ error: false, text: text.issued(result.giftCard?.recipientEmail ?? recipientEmail) });
        onIssued();
      },
      onError: (failure) => setError(describeFailure(failure)),
    });
  };
  return (
    <form className="card site-form gift-card-issue" onSubmit={submit} noValidate aria-labelledby="issue-gift-card-heading">
      <h2 id="issue-gift-card-heading">{text.issue}</h2>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="issue-amount">{text.issueAmount(currency)}</label>
        <input id="issue-amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="issue-recipient">{checkoutMessages.giftCardRecipientEmail}</label>
        <input id="issue-recipient" type="email" autoComplete="off" value={recipientEmail} onChange={(event) => setRecipientEmail(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="issue-note">{text.issueNote}</label>
        <input id="issue-note" value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <button type="submit" className="button primary" disabled={issuing}>
        {issuing ? text.issuing : text.issueSubmit}
      </button>
    </form>
  );
}
