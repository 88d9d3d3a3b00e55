// Store settings → Payments (issue 22): the store's Stripe account. Not connected: the store runs in
// test mode, and the keys form. Connected: TEST or LIVE, what Stripe said about the account, replace
// the keys, disconnect (behind the confirm dialog). No secret is ever read back. payments.manage.
import { useState, type ReactNode } from "react";
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { paymentMessages as t } from "../../../server/domain/messages/payments.ts";
import type { PaymentsScreenQuery as Query } from "../../__generated__/PaymentsScreenQuery.graphql.ts";
import type { PaymentsScreen_payments$key } from "../../__generated__/PaymentsScreen_payments.graphql.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { DateTime } from "../../shared/ui/DateTime.tsx";
import { FormNotice } from "../../shared/ui/settings-form.tsx";
import { useDisconnectPaymentAccountMutation } from "./DisconnectPaymentAccountMutation.ts";
import { PaymentKeysForm } from "./PaymentKeysForm.tsx";
import "./store-settings.css";

const paymentsFragment = graphql`
  fragment PaymentsScreen_payments on OwnerPayments {
    id
    webhookUrl
    webhookEvents
    account {
      mode
      publishableKey
      accountId
      country
      defaultCurrency
      hasWebhookSecret
      connectedAt
    }
  }
`;

export default function PaymentsScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query PaymentsScreenQuery {
        ownerPayments {
          ...PaymentsScreen_payments
        }
      }
    `,
    queryRef,
  );
  return <Payments payments={data.ownerPayments} />;
}

export function Payments({ payments: key }: { payments: PaymentsScreen_payments$key }) {
  const payments = useFragment(paymentsFragment, key);
  const { account } = payments;
  const [replacing, setReplacing] = useState(false);
  // A failed disconnect is shown inside the confirm dialog (autoClose: false); this is the success.
  const [notice, setNotice] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [disconnect] = useDisconnectPaymentAccountMutation();
  const confirm = useConfirm();

  const askDisconnect = () =>
    void confirm({
      title: t.disconnectTitle,
      body: t.disconnectBody,
      confirmLabel: t.disconnect,
      danger: true,
      autoClose: false,
      action: () =>
        new Promise<void>((resolve, reject) =>
          disconnect({
            variables: {},
            onCompleted: () => {
              setReplacing(false);
              setNotice({ kind: "ok", text: t.disconnected });
              resolve();
            },
            onError: reject,
          }),
        ),
    });

  return (
    <section className="admin-page store-settings payments-settings">
      <h1>{adminMessages.storeSettings.paymentsHeading}</h1>
      <FormNotice notice={notice} />
      {account === null || account === undefined ? (
        <div className="card">
          <h2>
            {t.notConnectedTitle} <span className="badge warn">{t.testBadge}</span>
          </h2>
          <p>{t.notConnectedBody}</p>
          <PaymentKeysForm />
        </div>
      ) : (
        <div className="card">
          <h2>
            {t.providerName}{" "}
            <span className={`badge payment-mode ${account.mode === "LIVE" ? "ok" : "warn"}`}>{account.mode === "LIVE" ? t.liveBadge : t.testBadge}</span>
          </h2>
          <p>{t.modeLabel(account.mode === "LIVE" ? "live" : "test")}</p>
          {account.hasWebhookSecret ? null : <p className="notice">{t.webhookNotice}</p>}
          <dl className="payment-facts">
            <Fact term={t.accountId}>{account.accountId}</Fact>
            <Fact term={t.country}>{account.country ?? "—"}</Fact>
            <Fact term={t.currency}>{account.defaultCurrency?.toUpperCase() ?? "—"}</Fact>
            <Fact term={t.publishableKey}>
              <code>{account.publishableKey}</code>
            </Fact>
            <Fact term={t.webhookSecret}>{account.hasWebhookSecret ? t.webhookSecretSet : t.webhookSecretNotSet}</Fact>
            <Fact term={t.webhookEndpoint}>
              <code>{payments.webhookUrl}</code>
            </Fact>
            <Fact term={t.webhookEvents}>
              <code>{payments.webhookEvents.join(", ")}</code>
            </Fact>
            <Fact term={t.connectedAt}>
              <DateTime value={account.connectedAt} />
            </Fact>
          </dl>
          {replacing ? (
            <PaymentKeysForm onCancel={() => setReplacing(false)} />
          ) : (
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setReplacing(true)}>
                {t.replaceKeys}
              </button>
              <button type="button" className="button danger" onClick={askDisconnect}>
                {t.disconnect}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
