// Coupons: percentage or fixed amount off, minimum subtotal, validity dates, usage limit, active.
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { EditableList, EditableListForm, useListNotice, useRowSave } from "../../shared/ui/EditableList.tsx";
import { useDeleteCouponMutation } from "./DeleteCouponMutation.ts";
import { useSaveCouponMutation } from "./SaveCouponMutation.ts";
import { CheckField, Field, moneyText, parseMoney, parsePercent, percentText } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;

type Coupon = StoreSettingsScreen_settings$data["coupons"][number];
type Kind = "PERCENT" | "AMOUNT";
interface Draft {
  couponId: number | null;
  code: string;
  kind: Kind;
  percent: string;
  amount: string;
  minimum: string;
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  active: boolean;
}

/** An ISO moment as a date input's value (the UTC day), and back (the start of that UTC day). */
const dayOf = (iso: unknown) => (typeof iso === "string" && iso ? iso.slice(0, 10) : "");
const isoOf = (day: string) => (day ? `${day}T00:00:00.000Z` : null);

const draftOf = (coupon: Coupon | null, currency: string): Draft =>
  coupon
    ? {
        couponId: coupon.couponId,
        code: coupon.code,
        kind: coupon.kind as Kind,
        percent: coupon.kind === "PERCENT" ? percentText(coupon.percentOffMillipercent) : "",
        amount: coupon.kind === "AMOUNT" ? moneyText(coupon.amountOff.value, currency) : "",
        minimum: coupon.minimumSubtotal.value ? moneyText(coupon.minimumSubtotal.value, currency) : "",
        startsAt: dayOf(coupon.startsAt),
        expiresAt: dayOf(coupon.expiresAt),
        usageLimit: coupon.usageLimit === null || coupon.usageLimit === undefined ? "" : String(coupon.usageLimit),
        active: coupon.active,
      }
    : { couponId: null, code: "", kind: "PERCENT", percent: "", amount: "", minimum: "", startsAt: "", expiresAt: "", usageLimit: "", active: true };

function validity(coupon: Coupon): string {
  const from = dayOf(coupon.startsAt);
  const until = dayOf(coupon.expiresAt);
  if (from && until) return t.validBetween(from, until);
  if (from) return t.validFrom(from);
  if (until) return t.validUntil(until);
  return t.validAlways;
}

export function CouponsEditor({ coupons, currency, readOnly }: { coupons: readonly Coupon[]; currency: string; readOnly: boolean }) {
  const { notice, report } = useListNotice(t.failed);
  const [commitDelete] = useDeleteCouponMutation();

  return (
    <EditableList<Coupon, Draft>
      headingId="store-coupons-heading"
      texts={{ heading: t.coupons, empty: t.couponsEmpty, add: t.couponAdd, actions: t.columns.actions, edit: t.zoneEdit, delete: t.zoneDelete }}
      rows={coupons}
      columns={[
        {
          header: t.columns.code,
          cell: (coupon) => (
            <>
              {coupon.code} {coupon.active ? null : <span className="badge">{t.couponInactive}</span>}
            </>
          ),
        },
        {
          header: t.columns.discount,
          cell: (coupon) => (coupon.kind === "PERCENT" ? `${percentText(coupon.percentOffMillipercent)} %` : coupon.amountOff.formatted),
        },
        { header: t.columns.validity, cell: validity },
        { header: t.columns.uses, cell: (coupon) => t.couponUses(coupon.timesUsed, coupon.usageLimit ?? null) },
      ]}
      rowKey={(coupon) => coupon.couponId}
      rowLabel={(coupon) => coupon.code}
      readOnly={readOnly}
      notice={notice}
      draftOf={(coupon) => draftOf(coupon, currency)}
      draftId={(draft) => draft.couponId}
      renderForm={(draft, onDone) => <CouponForm initial={draft} currency={currency} onDone={onDone} />}
      confirmDelete={(coupon) => ({ title: t.couponDeleteTitle(coupon.code), body: t.couponDeleteBody, confirmLabel: t.couponDeleteConfirm, danger: true })}
      onDelete={(coupon) => commitDelete({ variables: { couponId: coupon.couponId }, ...report((response) => response.deleteCoupon, "DeleteCouponSuccess") })}
    />
  );
}

function CouponForm({ initial, currency, onDone }: { initial: Draft; currency: string; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const row = useRowSave(useSaveCouponMutation(), "SaveCouponSuccess", (response) => response.saveCoupon, onDone);
  const { state } = row;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const percent = draft.kind === "PERCENT" ? parsePercent(draft.percent) : 0;
    const amount = draft.kind === "AMOUNT" ? parseMoney(draft.amount, currency) : 0;
    const minimum = parseMoney(draft.minimum, currency);
    const limit = draft.usageLimit.trim() === "" ? null : /^\d+$/.test(draft.usageLimit.trim()) ? Number(draft.usageLimit) : NaN;
    if (percent === null) errors.percentOff = ownerMessages.storeRateInvalid;
    if (amount === null) errors.amountOff = ownerMessages.storeAmountInvalid;
    if (minimum === null) errors.minimumSubtotal = ownerMessages.storeAmountInvalid;
    if (Number.isNaN(limit)) errors.usageLimit = ownerMessages.storeUsageLimitInvalid;
    if (Object.keys(errors).length > 0) return state.fail(errors, t.failed);
    row.save({
      couponId: draft.couponId,
      code: draft.code,
      kind: draft.kind,
      percentOffMillipercent: percent,
      amountOff: amount,
      minimumSubtotal: minimum,
      startsAt: isoOf(draft.startsAt),
      expiresAt: isoOf(draft.expiresAt),
      usageLimit: limit,
      active: draft.active,
    });
  };

  const id = `coupon-${draft.couponId ?? "new"}`;
  return (
    <EditableListForm id={id} heading={draft.couponId ? `${t.zoneEdit}: ${initial.code}` : t.couponAdd} row={row} texts={t} onSubmit={submit}>
      <div className="form-grid">
        <Field id={`${id}-code`} label={t.couponCode} error={state.errors.code}>
          {(props) => <input {...props} value={draft.code} autoCapitalize="characters" onChange={(event) => set("code", event.target.value)} />}
        </Field>
        <Field id={`${id}-kind`} label={t.couponKind}>
          {(props) => (
            <select {...props} value={draft.kind} onChange={(event) => set("kind", event.target.value as Kind)}>
              {Object.entries(t.couponKinds).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.kind === "PERCENT" ? (
          <Field id={`${id}-percent`} label={t.couponPercent} error={state.errors.percentOff}>
            {(props) => <input {...props} inputMode="decimal" value={draft.percent} onChange={(event) => set("percent", event.target.value)} />}
          </Field>
        ) : (
          <Field id={`${id}-amount`} label={`${t.couponAmount} (${currency})`} error={state.errors.amountOff}>
            {(props) => <input {...props} inputMode="decimal" value={draft.amount} onChange={(event) => set("amount", event.target.value)} />}
          </Field>
        )}
        <Field id={`${id}-minimum`} label={`${t.couponMinimum} (${currency})`} error={state.errors.minimumSubtotal}>
          {(props) => <input {...props} inputMode="decimal" value={draft.minimum} onChange={(event) => set("minimum", event.target.value)} />}
        </Field>
        <Field id={`${id}-starts`} label={t.couponStarts} error={state.errors.startsAt}>
          {(props) => <input {...props} type="date" value={draft.startsAt} onChange={(event) => set("startsAt", event.target.value)} />}
        </Field>
        <Field id={`${id}-ends`} label={t.couponEnds} error={state.errors.expiresAt}>
          {(props) => <input {...props} type="date" value={draft.expiresAt} onChange={(event) => set("expiresAt", event.target.value)} />}
        </Field>
        <Field id={`${id}-limit`} label={t.couponLimit} error={state.errors.usageLimit}>
          {(props) => <input {...props} inputMode="numeric" value={draft.usageLimit} onChange={(event) => set("usageLimit", event.target.value)} />}
        </Field>
        <CheckField id={`${id}-active`} label={t.couponActive} checked={draft.active} onChange={(value) => set("active", value)} />
      </div>
    </EditableListForm>
  );
}
