/** Errors the data API answers with: JSON `{ status, message }`, with the right status and a readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
