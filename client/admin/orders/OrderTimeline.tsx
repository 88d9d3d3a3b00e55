// An order's timeline (issue 24), newest first: each event worded from its facts by the admin's
// messages, who did it and when; and the "Add note" form (orders.write).
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { fulfilmentMessages as text } from "../../../server/domain/messages/fulfilment.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { formatMoney } from "../../../server/domain/money.ts";
import { ORDER_NOTE_MAX_LENGTH } from "../../../server/domain/orders/order-timeline.ts";
import type { OrderTimeline_order$data, OrderTimeline_order$key } from "../../__generated__/OrderTimeline_order.graphql";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useAddOrderNoteMutation } from "./AddOrderNoteMutation.ts";

type Event = OrderTimeline_order$data["timeline"][number];

function describe(event: Event, currency: string): string {
  const money = (amount: number | null | undefined) => formatMoney({ value: amount ?? 0, currency });
  switch (event.kind) {
    case "PAID":
      return text.events.PAID(money(event.amount));
    case "SHIPPED":
      return text.events.SHIPPED(event.units ?? 0, [event.carrier, event.trackingNumber].filter(Boolean).join(" ") || null);
    case "REFUNDED":
      return text.events.REFUNDED(money(event.amount));
    case "EMAIL_SENT":
      return text.events.EMAIL_SENT(text.emailKinds[event.emailKind ?? ""] ?? event.emailKind ?? "", event.emailTo ?? null);
    case "PLACED":
    case "CANCELLED":
    case "NOTE":
    case "STATUS_LINK_ISSUED":
    case "STATUS_LINK_REVOKED":
    case "CUSTOMER_ERASED":
      return text.events[event.kind];
    default:
      return event.kind;
  }
}

export function OrderTimeline({ order: orderKey, onNotice }: { order: OrderTimeline_order$key; onNotice: (notice: { error: boolean; text: string }) => void }) {
  const order = useFragment(
    graphql`
      fragment OrderTimeline_order on Order {
        orderId
        grandTotal {
          currency
        }
        timeline @required(action: THROW) {
          eventId
          kind
          note
          actor
          createdAt
          amount
          units
          carrier
          trackingNumber
          emailKind
          emailTo
        }
      }
    `,
    orderKey,
  );
  const canWrite = useCan("orders.write");
  const events = [...order.timeline].reverse();
  return (
    <section className="card order-timeline" aria-labelledby="order-timeline">
      <h2 id="order-timeline">{text.timelineTitle}</h2>
      {canWrite ? <NoteForm orderId={order.orderId} onNotice={onNotice} /> : null}
      {events.length === 0 ? (
        <p className="muted">{text.timelineNone}</p>
      ) : (
        <ol className="timeline-list">
          {events.map((event) => (
            <li key={event.eventId} className={`timeline-${event.kind.toLowerCase()}`}>
              <span className="timeline-what">{describe(event, order.grandTotal.currency)}</span>
              {event.note ? <p className="timeline-note">{event.note}</p> : null}
              <span className="timeline-when muted">
                {formatDateTime(event.createdAt as string)}
                {event.actor && event.actor !== "system" && event.actor !== "shopper" ? ` · ${text.by(event.actor)}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function NoteForm({ orderId, onNotice }: { orderId: string; onNotice: (notice: { error: boolean; text: string }) => void }) {
  const [add, adding] = useAddOrderNoteMutation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    add({
      variables: { orderId, note },
      onCompleted: (response) => {
        const answer = response.addOrderNote;
        if (answer.__typename === "AddOrderNoteSuccess") setNote("");
        else if (answer.__typename === "FormInvalidError") setError(answer.fieldErrors?.[0]?.message ?? messages.pleaseTryAgain);
        else onNotice({ error: true, text: ("message" in answer ? answer.message : null) ?? messages.pleaseTryAgain });
      },
      onError: (failure) => onNotice({ error: true, text: failure.message || messages.pleaseTryAgain }),
    });
  }
  return (
    <form className="order-note-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="order-note">{text.noteLabel}</label>
        <textarea
          id="order-note"
          rows={2}
          maxLength={ORDER_NOTE_MAX_LENGTH}
          placeholder={text.notePlaceholder}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "order-note-error" : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {error ? (
          <p className="field-error" id="order-note-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={adding}>
        {text.addNote}
      </button>
    </form>
  );
}
