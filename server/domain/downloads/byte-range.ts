// One byte range of a Range header (RFC 9110 §14): "bytes=0-9", "bytes=100-", "bytes=-500". A header
// we do not understand, or one asking for several ranges, is ignored (the whole file, 200), as the RFC
// allows; a range starting past the end is unsatisfiable (416).
export type ByteRange = { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** The bytes a Range header asks of a file of `size` bytes (`end` inclusive). */
export function parseByteRange(header: string | undefined | null, size: number): ByteRange {
  if (!header) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  if (match[1] === "") {
    // A suffix: the last N bytes (all of a shorter file); the last 0 bytes are nothing.
    const length = Number(match[2]);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== "" && Number(match[2]) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}

/** Whether a request starts a download (and so counts): no range, or a range from byte 0. */
export const startsDownload = (range: ByteRange): boolean => range.kind === "whole" || (range.kind === "partial" && range.start === 0);
