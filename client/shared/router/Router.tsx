// A small router: the route table (client/routes.ts) maps a path to a lazily loaded screen and the
// query it needs; navigating starts loading both at once (render-as-you-fetch), and the screen
// reads its data with usePreloadedQuery.
import { createContext, Suspense, use, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { loadQuery, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import type { Environment, GraphQLTaggedNode, OperationType } from "relay-runtime";

export interface RouteMatch {
  params: Record<string, string>;
  search: URLSearchParams;
}

export interface RouteDefinition {
  /** A path with :name segments; a trailing /* matches the rest. */
  path: string;
  screen: ComponentType<ScreenProps>;
  query?: GraphQLTaggedNode;
  /**
   * The query, loaded on demand: for screens few visits reach, so the first page's bundle does not
   * carry their query. It still loads beside the screen's code, and the data as soon as it arrives.
   */
  lazyQuery?: () => Promise<{ default: GraphQLTaggedNode }>;
  variables?: (match: RouteMatch) => Record<string, unknown>;
  /** The document title while this screen shows. */
  title?: string;
}

/**
 * What a route's screen gets: the match, and the query its route preloaded. A screen reading a query
 * names it (`ScreenProps<ProductScreenQuery>`) and its route is declared with `queryRoute`, which
 * checks the route's variables against that query: no cast at the screen.
 */
export interface ScreenProps<Q extends OperationType = never> {
  queryRef: [Q] extends [never] ? PreloadedQuery<OperationType> | null : PreloadedQuery<Q>;
  match: RouteMatch;
}

/** A route whose screen reads the query it preloads (`query`, or `lazyQuery` for rarely visited screens). */
export type QueryRoute<Q extends OperationType> = Omit<RouteDefinition, "screen" | "variables"> & {
  screen: ComponentType<ScreenProps<Q>>;
  variables?: (match: RouteMatch) => Q["variables"];
} & ({ query: GraphQLTaggedNode } | { lazyQuery: () => Promise<{ default: GraphQLTaggedNode }> });

/**
 * Declares a query route: the screen's query type (inferred from its props) types the variables. The
 * router hands every screen the reference of its own route's query, so the table entry may widen the
 * screen to the untyped form it stores.
 */
export function queryRoute<Q extends OperationType, Extra extends object = Record<never, never>>(route: QueryRoute<Q> & Extra): RouteDefinition & Extra {
  return route as unknown as RouteDefinition & Extra;
}

interface Entry {
  route: RouteDefinition;
  match: RouteMatch;
  queryRef: PreloadedQuery<OperationType> | null;
  /** A lazily loaded route's query reference, once its query has arrived. */
  pendingQueryRef: Promise<PreloadedQuery<OperationType>> | null;
  key: string;
}

/**
 * `document`: load the address as a new document (a full page load), for a page whose document
 * differs from the others' (checkout's Content-Security-Policy allows the payment provider).
 */
export interface NavigateOptions {
  replace?: boolean;
  document?: boolean;
}

export const RouterContext = createContext<{ navigate(href: string, options?: NavigateOptions): void; location: string } | null>(null);

function compile(path: string) {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? (names.push(segment.slice(1)), "([^/]+)") : segment))
    .join("/");
  return { names, pattern: new RegExp(`^${source}/?$`) };
}

export function matchRoute(routes: RouteDefinition[], href: string): { route: RouteDefinition; match: RouteMatch } | null {
  const url = new URL(href, "http://localhost");
  for (const route of routes) {
    const { names, pattern } = compile(route.path);
    const found = pattern.exec(url.pathname);
    if (found) {
      const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])]));
      return { route, match: { params, search: url.searchParams } };
    }
  }
  return null;
}

function prepare(environment: Environment, routes: RouteDefinition[], notFound: RouteDefinition, href: string): Entry {
  const found = matchRoute(routes, href) ?? { route: notFound, match: { params: {}, search: new URLSearchParams() } };
  const { route, match } = found;
  const variables = route.variables?.(match) ?? {};
  const queryRef = route.query ? loadQuery(environment, route.query, variables, { fetchPolicy: "store-and-network" }) : null;
  const pendingQueryRef = route.lazyQuery
    ? route.lazyQuery().then((module) => loadQuery<OperationType>(environment, module.default, variables, { fetchPolicy: "store-and-network" }))
    : null;
  return { route, match, queryRef, pendingQueryRef, key: href };
}

function dispose(entry: Entry) {
  entry.queryRef?.dispose();
  entry.pendingQueryRef?.then((queryRef) => queryRef.dispose()).catch(() => undefined);
}

/** A screen whose query is loaded on demand: suspends until the query reference exists. */
function DeferredScreen({
  screen: Screen,
  pending,
  match,
}: {
  screen: ComponentType<ScreenProps>;
  pending: Promise<PreloadedQuery<OperationType>>;
  match: RouteMatch;
}) {
  return <Screen queryRef={use(pending)} match={match} />;
}

const currentHref = () => window.location.pathname + window.location.search;

export function Router({
  routes,
  notFound,
  fallback,
  layout: Layout = ({ children }) => <>{children}</>,
}: {
  routes: RouteDefinition[];
  notFound: RouteDefinition;
  fallback: ReactNode;
  layout?: ComponentType<{ children: ReactNode }>;
}) {
  const environment = useRelayEnvironment();
  const [entry, setEntry] = useState(() => prepare(environment, routes, notFound, currentHref()));

  const navigate = useCallback(
    (href: string, options: NavigateOptions = {}) => {
      if (options.document) {
        if (options.replace) window.location.replace(href);
        else window.location.assign(href);
        return;
      }
      if (options.replace) window.history.replaceState(null, "", href);
      else window.history.pushState(null, "", href);
      setEntry((previous) => {
        dispose(previous);
        return prepare(environment, routes, notFound, currentHref());
      });
      window.scrollTo(0, 0);
    },
    [environment, routes, notFound],
  );

  useEffect(() => {
    const onPopState = () => setEntry((previous) => (dispose(previous), prepare(environment, routes, notFound, currentHref())));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [environment, routes, notFound]);

  useEffect(() => {
    if (entry.route.title) document.title = entry.route.title;
  }, [entry]);

  const value = useMemo(() => ({ navigate, location: entry.key }), [navigate, entry.key]);
  const Screen = entry.route.screen;
  return (
    <RouterContext.Provider value={value}>
      <Layout>
        <Suspense fallback={fallback}>
          {entry.pendingQueryRef ? (
            <DeferredScreen key={entry.key} screen={Screen} pending={entry.pendingQueryRef} match={entry.match} />
          ) : (
            <Screen key={entry.key} queryRef={entry.queryRef} match={entry.match} />
          )}
        </Suspense>
      </Layout>
    </RouterContext.Provider>
  );
}

export function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error("useRouter outside <Router>");
  return router;
}

/** An anchor that navigates inside the app (and stays a real link without JavaScript). */
export function Link({ href, children, ...rest }: { href: string; children: ReactNode } & React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate } = useRouter();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        rest.onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
