// The product editor's store page section (issue 23): the store page (collection) the product is
// listed on and the categories of that page it is listed under. One store page per product
// (docs/decisions.md); changing it clears the categories, which belong to one page.
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductStorePageSection_query$key } from "../../__generated__/ProductStorePageSection_query.graphql.ts";
import { Checkbox, Field, type EditorSectionProps } from "./ProductEditorFields.tsx";

export function ProductStorePageSection({ draft, set, disabled, query }: EditorSectionProps & { query: ProductStorePageSection_query$key | null }) {
  const data = useFragment(
    graphql`
      fragment ProductStorePageSection_query on Query {
        productStorePages {
          collectionId
          title
          urlId
          categories {
            categoryId
            displayName
          }
        }
      }
    `,
    query,
  );
  const pages = data?.productStorePages ?? [];
  const chosen = pages.find((page) => String(page.collectionId) === draft.collectionId) ?? null;
  const toggle = (categoryId: number, on: boolean) =>
    set("categoryIds", on ? [...draft.categoryIds, categoryId] : draft.categoryIds.filter((id) => id !== categoryId));
  return (
    <fieldset disabled={disabled}>
      <legend>{adminMessages.storePageHeading}</legend>
      <div className="form-grid">
        <Field id="product-store-page" label={adminMessages.storePageLabel} hint={adminMessages.storePageHint}>
          <select
            id="product-store-page"
            aria-describedby="product-store-page-hint"
            value={draft.collectionId}
            onChange={(event) => {
              set("collectionId", event.target.value);
              set("categoryIds", []);
            }}
          >
            <option value="">{adminMessages.noStorePage}</option>
            {pages.map((page) => (
              <option key={page.collectionId} value={String(page.collectionId)}>
                {page.title} (/{page.urlId})
              </option>
            ))}
          </select>
        </Field>
        {chosen ? (
          <div className="field wide" role="group" aria-labelledby="product-categories-label">
            <span id="product-categories-label" className="field-label">
              {adminMessages.productCategoriesLabel}
            </span>
            {chosen.categories.length === 0 ? <p className="field-hint">{adminMessages.noStoreCategories}</p> : null}
            {chosen.categories.map((category) => (
              <Checkbox
                key={category.categoryId}
                id={`product-category-${category.categoryId}`}
                label={category.displayName}
                checked={draft.categoryIds.includes(category.categoryId)}
                onChange={(on) => toggle(category.categoryId, on)}
              />
            ))}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
