import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { SearchScreenQuery } from "../../__generated__/SearchScreenQuery.graphql";
import { ProductListing } from "./ProductListing.tsx";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { readListingQuery } from "../../../server/domain/catalog/listing.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const searchScreenQuery = graphql`
  query SearchScreenQuery($q: String!, $first: Int!, $page: Int, $sort: ProductSort!) {
    products(first: $first, page: $page, search: $q, sort: $sort) {
      totalCount
      edges {
        node {
          id
          ...ProductCard_product
        }
      }
    }
  }
`;

export default function SearchScreen({ queryRef, match }: ScreenProps<SearchScreenQuery>) {
  const data = usePreloadedQuery<SearchScreenQuery>(searchScreenQuery, queryRef);
  const { navigate } = useRouter();
  const current = match.search.get("q") ?? "";
  const [text, setText] = useState(current);
  const total = data.products.totalCount ?? 0;
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{messages.searchPageTitle}</h1>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(`/search?q=${encodeURIComponent(text)}`);
        }}
      >
        <label htmlFor="search-q" className="visually-hidden">
          {messages.searchProducts}
        </label>
        <input id="search-q" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={messages.searchProducts} />
        <button type="submit">{messages.searchPageTitle}</button>
      </form>
      {current ? (
        <ProductListing
          path="/search"
          query={{ ...readListingQuery(match.search), category: null }}
          keep={{ q: current }}
          products={data.products.edges}
          totalCount={total}
          empty={<p aria-live="polite">{messages.searchNoMatch(current)}</p>}
        />
      ) : null}
    </section>
  );
}
