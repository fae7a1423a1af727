/** One entry of FastAPI's validation error list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** An error answered as `{"detail": "<message>"}` with this status. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Invalid input found by the store (beyond the contract's schemas): 422 with FastAPI's detail list. */
export class ApiValidationError extends Error {
  readonly statusCode = 422;
  constructor(public readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'ApiValidationError';
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
