/** A failure of the request itself (malformed JSON, body too large, unknown path), with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
