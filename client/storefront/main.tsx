// The storefront: mounts into the #app element of the document the server rendered.
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay";
import { AppShell } from "./AppShell.tsx";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary.tsx";
import { createEnvironment } from "../shared/relay/environment.ts";
import { storefrontSession } from "../shared/relay/storefront-session.ts";
import { notFoundRoute, routes } from "./routes.ts";
import { Router } from "../shared/router/Router.tsx";
import "./styles.css";
import { messages } from "../../server/domain/messages/storefront.ts";

import { setTrackerLoader } from "../shared/tracking/track.ts";
import { loadCatalogue } from "../shared/i18n/catalogue.ts";

setTrackerLoader(() => import("./tracking/tracker.ts"));

const mount = document.getElementById("app") ?? document.body.appendChild(document.createElement("div"));
// A French page first loads its texts (a separate chunk); English pages mount at once.
void loadCatalogue(document.documentElement.lang).finally(() =>
  createRoot(mount).render(
    <RelayEnvironmentProvider environment={createEnvironment(window.location.origin, storefrontSession.storedXsrfToken)}>
      <ErrorBoundary>
        <Router
          routes={routes}
          notFound={notFoundRoute}
          layout={AppShell}
          fallback={
            <p className="loading" aria-live="polite">
              {messages.loading}
            </p>
          }
        />
      </ErrorBoundary>
    </RelayEnvironmentProvider>,
  ),
);
