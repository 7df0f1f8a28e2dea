/**
 * An error that maps to an HTTP status and a human message, answered as
 * `{ "error": message, "details"?: … }` by the app's error handler (docs/product.md §12.1). Thrown
 * at the HTTP edge only (routes, plugins); domain operations throw `DomainError` (decision 049).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    /** Response headers that belong to this error, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
