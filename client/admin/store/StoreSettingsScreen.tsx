// Store settings (issue 10 §2, §3): currency and checkout, pay-later, shipping zones, tax rules,
// coupons, captcha, checkout preferences and store creation. commerce.read sees it all read-only;
// commerce.write changes it (captcha: site.settings; creating a store: store.create).
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { StoreSettingsScreenQuery as Query } from "../../__generated__/StoreSettingsScreenQuery.graphql.ts";
import type { StoreSettingsScreen_settings$key } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { CaptchaSettingsForm } from "./CaptchaSettingsForm.tsx";
import { CheckoutPreferencesForm } from "./CheckoutPreferencesForm.tsx";
import { CouponsEditor } from "./CouponsEditor.tsx";
import { GeneralStoreSettingsForm } from "./GeneralStoreSettingsForm.tsx";
import { ShippingZonesEditor } from "./ShippingZonesEditor.tsx";
import { StoreCreationForm } from "./StoreCreationForm.tsx";
import { TaxRulesEditor } from "./TaxRulesEditor.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import "./store-settings.css";

const t = adminMessages.storeSettings;

export const storeSettingsFragment = graphql`
  fragment StoreSettingsScreen_settings on OwnerStoreSettings {
    id
    currency
    supportedCurrencies
    checkoutMinimum {
      value
    }
    expressCheckout
    multipleQuantityAllowedForServices
    payLaterEnabled
    payLaterMinimum {
      value
    }
    payLaterMaximum {
      value
    }
    payLaterAccountCountry
    captchaSiteKey
    shippingZones {
      zoneId
      name
      kind
      country
      codes
      options {
        optionId
        name
        price {
          value
          formatted
        }
      }
    }
    taxRules {
      taxRuleId
      name
      country
      region
      rateMillipercent
    }
    coupons {
      couponId
      code
      kind
      percentOffMillipercent
      amountOff {
        value
        formatted
      }
      minimumSubtotal {
        value
      }
      startsAt
      expiresAt
      usageLimit
      timesUsed
      active
    }
    stores {
      collectionId
      urlId
      title
      url
    }
  }
`;

export default function StoreSettingsScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query StoreSettingsScreenQuery {
        ownerStoreSettings {
          ...StoreSettingsScreen_settings
        }
      }
    `,
    queryRef,
  );
  return <StoreSettings settings={data.ownerStoreSettings} />;
}

export function StoreSettings({ settings: key }: { settings: StoreSettingsScreen_settings$key }) {
  const settings = useFragment(storeSettingsFragment, key);
  const canWrite = useCan("commerce.write");
  const canCaptcha = useCan("site.settings");
  const canCreateStore = useCan("store.create");
  return (
    <section className="admin-page store-settings">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      {canWrite ? null : <p className="notice">{t.readOnly}</p>}
      <GeneralStoreSettingsForm settings={settings} readOnly={!canWrite} />
      <ShippingZonesEditor zones={settings.shippingZones} currency={settings.currency} readOnly={!canWrite} />
      <TaxRulesEditor rules={settings.taxRules} readOnly={!canWrite} />
      <CouponsEditor coupons={settings.coupons} currency={settings.currency} readOnly={!canWrite} />
      <CheckoutPreferencesForm readOnly={!canWrite} />
      <CaptchaSettingsForm siteKey={settings.captchaSiteKey} readOnly={!canCaptcha} />
      <StoreCreationForm stores={settings.stores} canCreate={canCreateStore} />
    </section>
  );
}
