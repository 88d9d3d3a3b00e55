// The product editor's screen (issue 9, screen 2): /config/products/new (?type= picks the type a new
// product starts as) and /config/products/:id (the itemId). Deleting asks first.
import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { productPath } from "../../../server/domain/catalog/product-path.ts";
import type { ProductEditorScreenQuery as Query } from "../../__generated__/ProductEditorScreenQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { ProductImagesEditor } from "./ProductImagesEditor.tsx";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { ProductEditor } from "./ProductEditor.tsx";
import { useDeleteProductMutation } from "./DeleteProductMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import "./catalog.css";
import { initialProductType } from "./catalog-variables.ts";

export default function ProductEditorScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query ProductEditorScreenQuery($id: ID!, $isNew: Boolean!) {
        store {
          currency
        }
        ...ProductStorePageSection_query
        ownerProduct(id: $id) @skip(if: $isNew) {
          id
          itemId
          name
          slug
          visible
          ...ProductEditor_product
          ...ProductImagesEditor_product
        }
      }
    `,
    queryRef,
  );
  const { navigate } = useRouter();
  const canWrite = useCan("products.write");
  const confirm = useConfirm();
  const [deleteProduct, deleting] = useDeleteProductMutation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const isNew = !match.params.id;
  const product = data.ownerProduct ?? null;
  const created = match.search.get("created") === "1";

  if (!isNew && !product) {
    return (
      <section className="admin-page">
        <h1>{adminMessages.productsHeading}</h1>
        <p className="empty-state">{adminMessages.productNotFound}</p>
        <Link href="/config/products">{adminMessages.backToProducts}</Link>
      </section>
    );
  }

  const initialType = initialProductType(match.search);

  async function remove() {
    if (!product) return;
    const confirmed = await confirm({
      title: adminMessages.deleteProductTitle(product.name),
      body: adminMessages.deleteProductBody,
      confirmLabel: adminMessages.deleteProduct,
      danger: true,
    });
    if (!confirmed) return;
    setDeleteError(null);
    deleteProduct({
      variables: { id: product.itemId },
      onCompleted: ({ deleteProduct: result }) => {
        if (result.__typename === "DeleteProductSuccess") navigate("/config/products");
        else setDeleteError(errorMessage(result as { message?: string }));
      },
      onError: (error) => setDeleteError(describeFailure(error)),
    });
  }

  return (
    <section className="admin-page">
      <header>
        <h1>{product ? adminMessages.editProductHeading(product.name) : adminMessages.newProductHeading}</h1>
        <nav className="editor-links">
          <Link href="/config/products">{adminMessages.backToProducts}</Link>
          {product?.visible ? (
            <>
              {" · "}
              <a href={productPath(product.slug)} target="_blank" rel="noreferrer">
                {adminMessages.viewInStore}
              </a>
            </>
          ) : null}
        </nav>
      </header>
      {created ? (
        <p className="notice success" role="status">
          {adminMessages.productCreated}
        </p>
      ) : null}
      {deleteError ? (
        <p className="notice error" role="alert">
          {deleteError}
        </p>
      ) : null}
      <ProductEditor
        key={product?.id ?? "new"}
        product={product}
        currency={data.store.currency}
        storePages={data}
        initialType={initialType}
        readOnly={!canWrite}
        onSaved={(itemId, wasCreated) => {
          if (wasCreated) navigate(`/config/products/${itemId}?created=1`);
        }}
        images={product ? <ProductImagesEditor product={product} /> : null}
        deleteAction={
          product && canWrite ? (
            <button type="button" className="button danger" onClick={remove} disabled={deleting}>
              {adminMessages.deleteProduct}
            </button>
          ) : null
        }
      />
    </section>
  );
}
