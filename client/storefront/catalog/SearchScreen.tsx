import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { SearchScreenQuery } from "../../__generated__/SearchScreenQuery.graphql";
import { ProductCard } from "./ProductCard.tsx";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const searchScreenQuery = graphql`
  query SearchScreenQuery($q: String!) {
    products(first: 20, search: $q) {
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
        <p aria-live="polite">{data.products.edges.length === 0 ? messages.searchNoMatch(current) : messages.searchFound(data.products.edges.length)}</p>
      ) : null}
      <ul className="product-grid">
        {data.products.edges.map(({ node }) => (
          <ProductCard key={node.id} product={node} />
        ))}
      </ul>
    </section>
  );
}
