// "Visitors now": the count the page loaded with, then each count the server pushes (every 15 s).
import { useMemo, useState } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import type { ActiveVisitorsSubscription } from "../../__generated__/ActiveVisitorsSubscription.graphql.ts";

const subscription = graphql`
  subscription ActiveVisitorsSubscription {
    ownerActiveVisitors
  }
`;

export function ActiveVisitors({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  const config = useMemo<GraphQLSubscriptionConfig<ActiveVisitorsSubscription>>(
    () => ({ subscription, variables: {}, onNext: (data) => data && setCount(data.ownerActiveVisitors) }),
    [],
  );
  useSubscription(config);
  return (
    <p className="card active-visitors">
      <span className="live-dot" aria-hidden="true" />
      <span className="kpi-label">{analyticsScreenMessages.now}</span>{" "}
      <strong className="kpi-value" aria-live="polite">
        {new Intl.NumberFormat(undefined).format(count)}
      </strong>
      <span className="field-hint">{analyticsScreenMessages.nowHint}</span>
    </p>
  );
}
