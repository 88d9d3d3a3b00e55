// The inventory panel's row expander: a product's variants with their stock, changed in place
// (unlimited, or a number of units). A save is checked against the stock the row read; when a checkout
// sold units meanwhile the server refuses and the row shows the stock now, so nothing sold is lost.
import { useState, type FormEvent } from "react";
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { MAX_STOCK } from "../../../server/domain/catalog/inputs.ts";
import type { InventoryVariants_product$key } from "../../__generated__/InventoryVariants_product.graphql.ts";
import type { InventoryVariantsRefreshQuery } from "../../__generated__/InventoryVariantsRefreshQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useSetVariantStockMutation } from "./SetVariantStockMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";

// A product's variants load when its row opens (20 rows of up to 250 variants each would make the
// list's query too costly), and again after a stock save, so the row's total follows.
const refreshQuery = graphql`
  query InventoryVariantsRefreshQuery($id: ID!) {
    ownerProduct(id: $id) {
      id
      ...ProductFacts_stock
      ...InventoryVariants_product
    }
  }
`;

/** The variants of the product `itemId`, loaded when the row opens. */
export function InventoryVariantsLoader({ itemId }: { itemId: string }) {
  const data = useLazyLoadQuery<InventoryVariantsRefreshQuery>(refreshQuery, { id: itemId }, { fetchPolicy: "store-and-network" });
  return data.ownerProduct ? <InventoryVariants product={data.ownerProduct} /> : null;
}

export function InventoryVariants(props: { product: InventoryVariants_product$key }) {
  const product = useFragment(
    graphql`
      fragment InventoryVariants_product on Product {
        itemId
        productType
        variants {
          id
          ...VariantFields_stock @relay(mask: false)
        }
      }
    `,
    props.product,
  );
  const stocked = product.productType === "PHYSICAL" || product.productType === "SERVICE";
  if (!stocked || product.variants.length === 0) return <p className="field-hint">{adminMessages.noVariants}</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{adminMessages.variantColumn}</th>
          <th scope="col">{adminMessages.skuLabel}</th>
          <th scope="col">{adminMessages.productColumnStock}</th>
        </tr>
      </thead>
      <tbody>
        {product.variants.map((variant) => (
          <tr key={variant.id}>
            <td data-label={adminMessages.variantColumn}>{variant.attributes.map((attribute) => `${attribute.name}: ${attribute.value}`).join(", ") || "—"}</td>
            <td data-label={adminMessages.skuLabel}>{variant.sku}</td>
            <td data-label={adminMessages.productColumnStock}>
              <StockEditor key={variant.id} itemId={product.itemId} variant={variant} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StockEditor({ itemId, variant }: { itemId: string; variant: { variantId: number; sku: string; qtyInStock: number; unlimited: boolean } }) {
  const canWrite = useCan("products.write");
  const environment = useRelayEnvironment();
  const [unlimited, setUnlimited] = useState(variant.unlimited);
  const [units, setUnits] = useState(String(variant.qtyInStock));
  // What the next save is checked against: what this row read, or what a refusal said the stock is now.
  const [expected, setExpected] = useState({ qtyInStock: variant.qtyInStock, unlimited: variant.unlimited });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [setStock, saving] = useSetVariantStockMutation();
  const id = `stock-${variant.variantId}`;

  function save(event: FormEvent) {
    event.preventDefault();
    const valid = /^\d+$/.test(units.trim()) && Number(units) <= MAX_STOCK;
    if (!unlimited && !valid) {
      setMessage({ error: true, text: adminMessages.stockInvalid });
      document.getElementById(id)?.focus();
      return;
    }
    setMessage(null);
    setStock({
      variables: {
        id: String(variant.variantId),
        unlimited,
        qtyInStock: unlimited ? 0 : Number(units),
        expectedQtyInStock: expected.qtyInStock,
        expectedUnlimited: expected.unlimited,
      },
      onCompleted: ({ setVariantStock: result }) => {
        if (result.__typename === "SetVariantStockSuccess") {
          if (result.variant) setExpected({ qtyInStock: result.variant.qtyInStock, unlimited: result.variant.unlimited });
          setMessage({ error: false, text: adminMessages.stockSaved(variant.sku) });
          // The product's total follows (the row above shows it).
          fetchQuery<InventoryVariantsRefreshQuery>(environment, refreshQuery, { id: itemId }).subscribe({});
        } else if (result.__typename === "StockChangedError") {
          setExpected({ qtyInStock: result.currentQtyInStock ?? 0, unlimited: result.currentUnlimited ?? false });
          setMessage({ error: true, text: errorMessage(result) });
          document.getElementById(id)?.focus();
        } else setMessage({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setMessage({ error: true, text: describeFailure(error) }),
    });
  }

  return (
    <form className="stock-editor" onSubmit={save} noValidate>
      <span className="field checkbox">
        <input
          id={`${id}-unlimited`}
          type="checkbox"
          checked={unlimited}
          disabled={!canWrite || saving}
          onChange={(event) => setUnlimited(event.target.checked)}
        />
        <label htmlFor={`${id}-unlimited`}>{adminMessages.unlimitedLabel}</label>
      </span>
      {unlimited ? null : (
        <input
          id={id}
          type="number"
          min={0}
          max={MAX_STOCK}
          value={units}
          disabled={!canWrite || saving}
          aria-label={adminMessages.stockEditLabel(variant.sku)}
          aria-invalid={message?.error ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => setUnits(event.target.value)}
        />
      )}
      {canWrite ? (
        <button type="submit" className="button" disabled={saving} aria-busy={saving} aria-label={`${adminMessages.saveStock} ${variant.sku}`}>
          {saving ? adminMessages.savingStock : adminMessages.saveStock}
        </button>
      ) : null}
      {message ? (
        <p id={`${id}-message`} className={message.error ? "field-error" : "field-hint"} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
