// The order status page without an account (page type 211, issue 24 §3). Shoppers: `orderStatus(token)`
// (null for a token that names nothing; `revoked` for a link the owner turned off) and `reorder`
// ("Buy again": the order's items back in the visitor's cart). The page's own types carry only what the
// confirmation email shows (no raw order id: it opens /order-confirmed). Owners: `Order.statusLink`
// (orders.read), `revokeOrderStatusLink` and `reissueOrderStatusLink` (orders.write).
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { SHOPPER_ORDER_STATES, type ShopperOrderState } from "../domain/orders/order-status-page.ts";
import type { OrderView } from "../services/checkout/order-view.ts";
import type { OrderShipmentView, OrderStatusView, ReorderResult, StatusLinkState } from "../services/orders/order-status-links.ts";
import { builder } from "./builder.ts";
import { AttributeRef } from "./catalog.ts";
import { OrderRef } from "./checkout.ts";
import { DownloadRef } from "./downloads.ts";
import { MoneyRef } from "./money.ts";

const ShopperOrderStateEnum = builder.enumType("ShopperOrderState", {
  description: "An order's state as the shopper reads it: from its state, its refunds and its shipments.",
  values: Object.fromEntries(SHOPPER_ORDER_STATES.map((state) => [state, { value: state }])) as Record<ShopperOrderState, { value: ShopperOrderState }>,
});

const OrderStatusItemRef = builder.objectRef<OrderView["items"][number] & { currency: string }>("OrderStatusItem").implement({
  fields: (t) => ({
    productName: t.exposeString("productName"),
    attributes: t.field({ type: [AttributeRef], resolve: (item) => Object.entries(item.attributes).map(([name, value]) => ({ name, value })) }),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.field({ type: MoneyRef, resolve: (item) => ({ value: item.unitPrice, currency: item.currency }) }),
  }),
});

const ShipmentLineRef = builder.objectRef<OrderShipmentView["lines"][number]>("OrderShipmentLine").implement({
  fields: (t) => ({ productName: t.exposeString("productName"), quantity: t.exposeInt("quantity") }),
});

const ShipmentRef = builder.objectRef<OrderShipmentView>("OrderShipment").implement({
  description: "One shipment of an order: its carrier, tracking number and the carrier's tracking page when known.",
  fields: (t) => ({
    carrier: t.exposeString("carrier", { nullable: true }),
    trackingNumber: t.exposeString("trackingNumber", { nullable: true }),
    trackingUrl: t.exposeString("trackingUrl", { nullable: true }),
    shippedAt: t.field({ type: "DateTime", resolve: (shipment) => shipment.createdAt }),
    lines: t.field({ type: [ShipmentLineRef], resolve: (shipment) => shipment.lines }),
  }),
});

const OrderStatusRef = builder.objectRef<OrderStatusView>("OrderStatus").implement({
  description: "An order as its status page shows it to whoever holds the link.",
  fields: (t) => {
    const amount = (field: "subtotal" | "discountTotal" | "taxTotal" | "shippingTotal" | "giftCardTotal" | "grandTotal") =>
      t.field({ type: MoneyRef, resolve: ({ order }: OrderStatusView) => ({ value: order[field], currency: order.currency }) });
    return {
      orderNumber: t.int({ resolve: ({ order }) => order.orderNumber }),
      placedAt: t.field({ type: "DateTime", resolve: ({ order }) => new Date(order.createdAt) }),
      state: t.field({ type: ShopperOrderStateEnum, resolve: (view) => view.state }),
      items: t.field({ type: [OrderStatusItemRef], resolve: ({ order }) => order.items.map((item) => ({ ...item, currency: order.currency })) }),
      subtotal: amount("subtotal"),
      discountTotal: amount("discountTotal"),
      taxTotal: amount("taxTotal"),
      shippingTotal: amount("shippingTotal"),
      giftCardTotal: amount("giftCardTotal"),
      grandTotal: amount("grandTotal"),
      shipments: t.field({ type: [ShipmentRef], resolve: (view) => view.shipments }),
      downloads: t.field({
        type: [DownloadRef],
        description: "The digital lines' download links (the downloads service's signed links).",
        resolve: ({ order }, _args, ctx) => ctx.services.downloads.grants.forOrder(order.id),
      }),
    };
  },
});

type OrderStatusPage = { revoked: true } | OrderStatusView;

const OrderStatusPageRef = builder.objectRef<OrderStatusPage>("OrderStatusPage").implement({
  description: "What an order status link opens: the order, or (revoked) nothing but that the link no longer works.",
  fields: (t) => ({
    revoked: t.boolean({ resolve: (page) => "revoked" in page }),
    order: t.field({ type: OrderStatusRef, nullable: true, resolve: (page) => ("revoked" in page ? null : page) }),
  }),
});

builder.queryField("orderStatus", (t) =>
  t.field({
    type: OrderStatusPageRef,
    nullable: true,
    description: "The order status page (/order-status/{token}, page type 211): null when the token names no order of this store.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => ctx.services.orderStatusLinks.view(token),
  }),
);

const StatusLinkRef = builder.objectRef<StatusLinkState>("OrderStatusLink").implement({
  description: "An order's status link as its owner sees it (the token itself is never kept).",
  fields: (t) => ({
    issued: t.exposeBoolean("issued", { description: "A link was made (orders placed before order status pages have none)." }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
  }),
});

builder.objectField(OrderRef, "statusLink", (t) =>
  t.field({
    type: StatusLinkRef,
    nullable: true,
    authScopes: { permission: "orders.read" },
    description: "Owners (orders.read): the order status link's state.",
    resolve: (order, _args, ctx) => ctx.services.orderStatusLinks.linkState(order.id),
  }),
);

const ReorderSuccessRef = builder.objectRef<ReorderResult>("ReorderSuccess").implement({
  fields: (t) => ({
    leftOut: t.stringList({ resolve: (result) => result.leftOut, description: "The items that could not go back in the cart (gone or sold out)." }),
  }),
});

const orderIdInput = (name: string) => builder.inputType(name, { fields: (f) => ({ orderId: f.string({ required: true }) }) });

builder.mutationFields((t) => ({
  reorder: t.field({
    type: ReorderSuccessRef,
    description: "\"Buy again\" from an order status link: the order's items go in the visitor's cart through the cart's own rules; what cannot is named.",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ required: true, type: builder.inputType("ReorderInput", { fields: (f) => ({ token: f.string({ required: true }) }) }) }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.orderStatusLinks.reorder(ctx.visitor, input.token);
      if (result.cartToken && result.cartToken !== ctx.visitor.cartToken) ctx.setCartToken(result.cartToken);
      return result;
    },
  }),
  revokeOrderStatusLink: t.withAuth({ permission: "orders.write" }).field({
    type: builder.objectRef<{ orderId: string }>("RevokeOrderStatusLinkSuccess").implement({
      fields: (f) => ({ order: f.field({ type: OrderRef, nullable: true, resolve: (success, _args, ctx) => ctx.services.checkout.order(success.orderId) }) }),
    }),
    description: "Owners: turns an order's status link off; the page then says the link no longer works (recorded in the timeline).",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ required: true, type: orderIdInput("RevokeOrderStatusLinkInput") }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.orderStatusLinks.revoke(input.orderId, ctx.viewer.signedIn ? ctx.viewer.email : null);
      return { orderId: input.orderId };
    },
  }),
  reissueOrderStatusLink: t.withAuth({ permission: "orders.write" }).field({
    type: builder.objectRef<{ orderId: string }>("ReissueOrderStatusLinkSuccess").implement({
      fields: (f) => ({ order: f.field({ type: OrderRef, nullable: true, resolve: (success, _args, ctx) => ctx.services.checkout.order(success.orderId) }) }),
    }),
    description: "Owners: makes a new status link for an order and emails it to the buyer; earlier links stop working (recorded in the timeline).",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: { input: t.arg({ required: true, type: orderIdInput("ReissueOrderStatusLinkInput") }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.orderStatusLinks.reissue(input.orderId, ctx.viewer.signedIn ? ctx.viewer.email : null);
      return { orderId: input.orderId };
    },
  }),
}));
