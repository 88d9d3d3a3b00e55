// A store's currency changed as the owner changes it (StoreAdminService.update re-expresses every
// price), the other settings kept as they are: the one way tests make a store in euros or yen.
import type { Db } from "../../server/db/client.ts";
import type { StoreAdminService } from "../../server/services/store/store-admin.ts";

export async function setStoreCurrency(db: Db, websiteId: string, storeAdmin: Pick<StoreAdminService, "update">, currency: string): Promise<void> {
  const website = await db.website.findUniqueOrThrow({ where: { id: websiteId } });
  await storeAdmin.update({
    currency,
    checkoutMinimum: website.checkoutMinimumSubtotal,
    expressCheckout: website.expressCheckout,
    multipleQuantityAllowedForServices: website.multipleQuantityAllowedForServices,
    payLaterEnabled: website.payLaterEnabled,
    payLaterMinimum: website.payLaterMin,
    payLaterMaximum: website.payLaterMax,
    payLaterAccountCountry: website.paymentAccountCountry,
  });
}
