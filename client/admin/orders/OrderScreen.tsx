// /config/orders/:id: one order (components/OrderDetail.tsx).
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { OrderScreenQuery } from "../../__generated__/OrderScreenQuery.graphql";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { OrderDetail } from "./OrderDetail.tsx";
import "./orders.css";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";

export const orderScreenQuery = graphql`
  query OrderScreenQuery($orderId: String!) {
    ownerOrder(orderId: $orderId) {
      __typename
      ... on Order {
        orderNumber
        ...OrderDetail_order @alias(as: "detail")
      }
      ... on Error {
        message
      }
    }
  }
`;

export default function OrderScreen({ queryRef }: ScreenProps<OrderScreenQuery>) {
  const data = usePreloadedQuery<OrderScreenQuery>(orderScreenQuery, queryRef);
  const order = data.ownerOrder;
  return (
    <div className="admin-page order-page">
      <p className="order-back">
        <Link href="/config/orders">{adminMessages.order.back}</Link>
      </p>
      {order.__typename === "Order" && order.detail && order.orderNumber !== undefined ? (
        <>
          <h1>{adminMessages.order.title(order.orderNumber)}</h1>
          <OrderDetail order={order.detail} />
        </>
      ) : (
        <>
          <h1>{adminMessages.order.pageTitle}</h1>
          <p className="notice error" role="alert">
            {order.__typename === "%other" ? ownerMessages.orderNotFound : (order.message ?? ownerMessages.orderNotFound)}
          </p>
        </>
      )}
    </div>
  );
}
