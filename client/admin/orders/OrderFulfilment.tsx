// An order's fulfilment (issue 24): its derived status, the shipments with their tracking links, and
// the "Fulfil items" form (each unshipped line with a quantity, a carrier of the list or "Other" as
// free text, a tracking number). Field errors are shown beside their field, in the server's words.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { fulfilmentMessages as text } from "../../../server/domain/messages/fulfilment.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { CARRIERS } from "../../../server/domain/orders/carriers.ts";
import type { OrderFulfilment_order$data, OrderFulfilment_order$key } from "../../__generated__/OrderFulfilment_order.graphql";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useFulfilOrderMutation } from "./FulfilOrderMutation.ts";
import "./fulfilment.css";

type Notice = (notice: { error: boolean; text: string }) => void;
const OTHER = "__other";

export function OrderFulfilment({ order: orderKey, onNotice }: { order: OrderFulfilment_order$key; onNotice: Notice }) {
  const order = useFragment(
    graphql`
      fragment OrderFulfilment_order on Order {
        orderId
        state
        fulfilmentStatus @required(action: THROW)
        unshippedQuantities @required(action: THROW)
        items {
          productName
        }
        shipments @required(action: THROW) {
          id
          carrier
          trackingNumber
          trackingUrl
          createdAt
          lines {
            productName
            quantity
          }
        }
      }
    `,
    orderKey,
  );
  const canShip = useCan("orders.write") && order.state === "PLACED" && order.unshippedQuantities.some((left) => left > 0);
  if (order.fulfilmentStatus === "NOTHING_TO_SHIP") return null;
  return (
    <section className="card order-fulfilment" aria-labelledby="order-fulfilment">
      <h2 id="order-fulfilment">
        {text.shipmentsTitle}{" "}
        <span className={`badge fulfilment-${order.fulfilmentStatus.toLowerCase()}`}>
          {text.fulfilmentStatus[order.fulfilmentStatus as keyof typeof text.fulfilmentStatus] ?? order.fulfilmentStatus}
        </span>
      </h2>
      {order.shipments.length === 0 ? (
        <p className="muted">{text.shipmentsNone}</p>
      ) : (
        <ol className="shipment-list">
          {order.shipments.map((shipment, index) => (
            <li key={shipment.id}>
              <strong>{text.shipmentHeading(index + 1, formatDateTime(shipment.createdAt as string))}</strong>
              <span className="shipment-lines">{shipment.lines.map((line) => `${line.quantity} × ${line.productName}`).join(", ")}</span>
              <span className="shipment-tracking">
                {text.shipmentTracking(shipment.carrier ?? null, shipment.trackingNumber ?? null)}
                {shipment.trackingUrl ? (
                  <>
                    {" "}
                    <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                      {text.track}
                    </a>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
      {canShip ? <FulfilForm key={order.unshippedQuantities.join(",")} order={order} onNotice={onNotice} /> : null}
    </section>
  );
}

function FulfilForm({ order, onNotice }: { order: OrderFulfilment_order$data; onNotice: Notice }) {
  const [fulfil, fulfilling] = useFulfilOrderMutation();
  const [quantities, setQuantities] = useState<string[]>(() => order.unshippedQuantities.map(String));
  const [carrier, setCarrier] = useState("");
  const [otherCarrier, setOtherCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    const lines = quantities
      .map((quantity, line) => ({ line, quantity: quantity.trim() === "" ? 0 : Number(quantity) }))
      .filter((_, line) => (order.unshippedQuantities[line] ?? 0) > 0);
    fulfil({
      variables: { orderId: order.orderId, lines, carrier: carrier === OTHER ? otherCarrier : carrier || null, trackingNumber: trackingNumber || null },
      onCompleted: (response) => {
        const answer = response.fulfilOrder;
        if (answer.__typename === "FulfilOrderSuccess") {
          setTrackingNumber("");
          onNotice({ error: false, text: text.fulfilmentStatus.SHIPPED });
        } else if (answer.__typename === "FormInvalidError") {
          setErrors(Object.fromEntries((answer.fieldErrors ?? []).map((error) => [error.fieldId, error.message])));
        } else onNotice({ error: true, text: ("message" in answer ? answer.message : null) ?? messages.pleaseTryAgain });
      },
      onError: (error) => onNotice({ error: true, text: error.message || messages.pleaseTryAgain }),
    });
  }

  const fieldError = (id: string, fieldId: string) =>
    errors[fieldId] ? (
      <p className="field-error" id={`${id}-error`} role="alert">
        {errors[fieldId]}
      </p>
    ) : null;

  return (
    <form className="order-fulfil-form" onSubmit={submit} noValidate>
      <h3>{text.fulfilTitle}</h3>
      {fieldError("fulfil-lines", "lines")}
      {order.items.map((item, index) =>
        (order.unshippedQuantities[index] ?? 0) > 0 ? (
          <div className="field" key={index}>
            <label htmlFor={`fulfil-line-${index}`}>
              {text.fulfilQuantity(item.productName)} <span className="muted">({text.fulfilLeft(order.unshippedQuantities[index]!)})</span>
            </label>
            <input
              id={`fulfil-line-${index}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={order.unshippedQuantities[index]}
              value={quantities[index]}
              aria-invalid={errors[`lines.${index}`] ? true : undefined}
              aria-describedby={errors[`lines.${index}`] ? `fulfil-line-${index}-error` : undefined}
              onChange={(event) => setQuantities((previous) => previous.map((value, at) => (at === index ? event.target.value : value)))}
            />
            {fieldError(`fulfil-line-${index}`, `lines.${index}`)}
          </div>
        ) : null,
      )}
      <div className="field">
        <label htmlFor="fulfil-carrier">{text.carrier}</label>
        <select id="fulfil-carrier" value={carrier} onChange={(event) => setCarrier(event.target.value)}>
          <option value="">{text.carrierNone}</option>
          {CARRIERS.map((known) => (
            <option key={known.name} value={known.name}>
              {known.name}
            </option>
          ))}
          <option value={OTHER}>{text.carrierOther}</option>
        </select>
      </div>
      {carrier === OTHER ? (
        <div className="field">
          <label htmlFor="fulfil-carrier-other">{text.carrierOtherName}</label>
          <input
            id="fulfil-carrier-other"
            value={otherCarrier}
            aria-invalid={errors.carrier ? true : undefined}
            aria-describedby={errors.carrier ? "fulfil-carrier-other-error" : undefined}
            onChange={(event) => setOtherCarrier(event.target.value)}
          />
          {fieldError("fulfil-carrier-other", "carrier")}
        </div>
      ) : (
        fieldError("fulfil-carrier", "carrier")
      )}
      <div className="field">
        <label htmlFor="fulfil-tracking">{text.trackingNumber}</label>
        <input
          id="fulfil-tracking"
          value={trackingNumber}
          autoComplete="off"
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? "fulfil-tracking-error" : undefined}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
        {fieldError("fulfil-tracking", "trackingNumber")}
      </div>
      <button type="submit" className="button primary" disabled={fulfilling}>
        {fulfilling ? text.fulfilling : text.fulfilSubmit}
      </button>
    </form>
  );
}
