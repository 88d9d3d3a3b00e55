// The customers CSV export (issue 24 §5): one row per customer (domain/customers/customers.ts says who
// that is), with the columns a spreadsheet or a mailing tool imports (Shopify's customers export names
// them the same way). Pure: a customer in, a row out. The writer (server/http/csv.ts) escapes formulas.
import { toDecimalValue } from "../money.ts";

export const CUSTOMER_CSV_COLUMNS = ["Email", "Name", "Member", "Orders", "Currency", "Total Spent", "Last Order At", "Accepts Email Marketing"] as const;

export interface CustomerCsvFacts {
  email: string;
  name: string;
  accountId: number | null;
  orderCount: number;
  totalSpent: number;
  currency: string;
  lastOrderAt: Date | null;
  marketingConsent: boolean;
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

export function customerCsvRow(customer: CustomerCsvFacts): string[] {
  return [
    customer.email,
    customer.name,
    yesNo(customer.accountId !== null),
    String(customer.orderCount),
    customer.currency,
    toDecimalValue({ value: customer.totalSpent, currency: customer.currency }),
    customer.lastOrderAt?.toISOString() ?? "",
    yesNo(customer.marketingConsent),
  ];
}
