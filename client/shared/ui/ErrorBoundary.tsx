// A failed screen shows what happened and a way back, never a blank page.
import { Component, type ReactNode } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { describeFailure } from "../relay/errors.ts";

interface Props {
  children: ReactNode;
  /** Where "or go to …" leads: the shop for the storefront, the admin home for the admin. */
  home?: { href: string; label: string };
  /** What a part of a page shows instead of the whole error page (the rest of the page stays usable). */
  fallback?: (error: unknown) => ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error);
    return (
      <section className="error-page" role="alert">
        <h1>{messages.somethingWentWrong}</h1>
        <p>{describeFailure(this.state.error) || messages.pleaseTryAgain}</p>
        <p>
          <a href={typeof window === "undefined" ? "/" : window.location.href}>{messages.reloadPage}</a>
          {messages.or}
          <a href={this.props.home?.href ?? "/"}>{this.props.home?.label ?? messages.goToShop}</a>.
        </p>
      </section>
    );
  }
}
