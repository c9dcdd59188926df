import { CODE_MESSAGES, Code, type TCode, type TFieldError } from '@flexpay/contract';

/**
 * The one error type of the server. Services throw it with a status code of the contract and a
 * Chinese message; the error handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: TCode | number,
    message?: string,
    readonly data?: { errors?: TFieldError[] } & Record<string, unknown>,
  ) {
    super(message ?? CODE_MESSAGES[code as TCode] ?? CODE_MESSAGES[Code.INTERNAL]);
    this.name = 'AppError';
  }
}

export const notFound = (message = CODE_MESSAGES[Code.NOT_FOUND]) => new AppError(Code.NOT_FOUND, message);
export const conflict = (message = CODE_MESSAGES[Code.CONFLICT]) => new AppError(Code.CONFLICT, message);
export const forbidden = (message = CODE_MESSAGES[Code.FORBIDDEN]) => new AppError(Code.FORBIDDEN, message);

/** The first failing rule of a field, as `{ path, message }`: what a rule answers instead of throwing. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A 40000 naming one field, for rules a schema cannot express (uniqueness, cross-field). */
export const invalidField = (path: string, message: string) =>
  new AppError(Code.VALIDATION, message, { errors: [{ path, message }] });
