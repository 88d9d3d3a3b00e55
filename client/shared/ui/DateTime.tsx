// A date and time as the owner's browser writes them, in a <time> element carrying the ISO value.
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function DateTime({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}
