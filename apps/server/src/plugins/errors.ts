import type { Socket } from 'node:net';
import {
  CODE_MESSAGES,
  Code,
  findUnsafeText,
  httpStatusOf,
  UNSAFE_TEXT_MESSAGE,
  type TErrorEnvelope,
  type TFieldError,
} from '@flexpay/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/connection-errors.ts';
import { foreignKeyViolationOf } from '../db/constraint-errors.ts';
import { AppError } from '../lib/errors.ts';

/** Fastify's own client errors (and those of its plugins), in Chinese. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度有误',
  FST_ERR_VALIDATION: '请求参数有误',
  FST_ERR_BAD_URL: '请求地址有误',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
  FST_REQ_FILE_TOO_LARGE: '文件过大',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_FIELDS_LIMIT: '表单字段过多',
  FST_PARTS_LIMIT: '表单内容过多',
  FST_PROTO_VIOLATION: '请求内容有误',
};

/** A client error answered as the envelope with status 40000 and the HTTP status given. */
function clientErrorBody(code: string | undefined): TErrorEnvelope {
  return { status: Code.VALIDATION, message: (code && FASTIFY_CLIENT_ERRORS[code]) || CODE_MESSAGES[Code.VALIDATION] };
}

/** A request field holding text no column can store (NUL, a lone surrogate): 40000 naming the field. */
class UnsafeTextError extends Error {
  readonly statusCode = 400;
  readonly code = 'FP_ERR_UNSAFE_TEXT';
  constructor(readonly path: string) {
    super(UNSAFE_TEXT_MESSAGE);
  }
}

/**
 * The route schemas' validator (fastify-type-provider-zod), preceded for every field of params,
 * query and body by the contract's check for NUL characters and lone surrogates: PostgreSQL
 * cannot store them, so no handler and no stored job may ever see them.
 */
export const safeTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = findUnsafeText(data);
    if (path !== undefined) return { error: new UnsafeTextError(path) };
    return validate(data);
  };
};

/**
 * Errors Fastify meets before a route is found (`frameworkErrors`): a path parameter too long
 * (414), a malformed URL (400). Answered as the envelope; the path is never echoed.
 */
export function onFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    return reply.status(500).send({ status: Code.INTERNAL, message: CODE_MESSAGES[Code.INTERNAL] });
  }
  return reply.status(status).send(clientErrorBody(error.code));
}

/** Requests Node's HTTP parser refuses (malformed, headers too large): the envelope, then close. */
export function onClientError(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy(error);
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    status: Code.VALIDATION,
    message: tooLarge ? '请求头过大' : '请求格式有误',
  } satisfies TErrorEnvelope);
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Log serializers that keep personal data out of the log: a failed query's parameters (names,
 * mobile numbers) and the database's `detail` (the duplicate key's values) are dropped, and a
 * request is logged by its path without the query string (list filters carry names and numbers).
 */
export const logSerializers = {
  err: (err: FastifyError) => serializeError(err) as SerializedError,
  req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0] ?? '', remoteAddress: req.ip }),
};

/** Drizzle's `Failed query: <sql>\nparams: <values>` keeps its SQL and loses its values. */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(err: unknown, depth = 0): SerializedError | unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const fields = err as unknown as Record<string, unknown>;
  // The database quotes the values it refuses (`invalid input syntax for type integer: "张三"`).
  const fromDatabase = typeof fields.severity === 'string';
  const message = fromDatabase ? err.message.replace(/"[^"]*"/g, '"…"') : withoutParams(err.message);
  const stackFrames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type: err.name,
    message,
    stack: [`${err.name}: ${message}`, ...stackFrames].join('\n'),
  };
  for (const key of ['code', 'statusCode', 'severity', 'table', 'constraint', 'routine', 'validationContext']) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path;
}

/**
 * The error envelope: AppError -> its code; validation -> 40000 with Chinese field errors; the
 * database's foreign-key refusal -> 40900 with the message of its constraint
 * (db/constraint-errors.ts); the database away (restarting, unreachable: db/connection-errors.ts)
 * -> 503 with status 503 and a Chinese message; anything unexpected -> 500 with a request id and no internals
 * (logged in full).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const body: TErrorEnvelope = { status: error.code, message: error.message };
        if (error.data) body.data = error.data;
        if (error.code >= 500 && error.code < 1000) request.log.error({ err: error }, error.message);
        return reply.status(httpStatusOf(error.code)).send(body);
      }

      if (error instanceof UnsafeTextError) {
        const where = (error as unknown as { validationContext?: string }).validationContext;
        const path = [where === 'body' ? '' : where, error.path].filter(Boolean).join('.');
        const message = path ? `${path}: ${error.message}` : error.message;
        return reply.status(400).send({
          status: Code.VALIDATION,
          message,
          data: { errors: [{ path, message: error.message }] },
        } satisfies TErrorEnvelope);
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext;
        const errors: TFieldError[] = error.validation.map((v) => ({
          path: [where === 'body' ? '' : where, fieldPath(v.instancePath, v.params as Record<string, unknown>)]
            .filter(Boolean)
            .join('.'),
          message: v.message ?? '格式不正确',
        }));
        const first = errors[0];
        const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : '请求参数有误';
        return reply.status(400).send({ status: Code.VALIDATION, message, data: { errors } } satisfies TErrorEnvelope);
      }

      // A delete of a row others still refer to, or a write naming a row deleted meanwhile: the
      // key refused it and its transaction rolled back. The latter would be a bug if no race
      // explains it, so it is logged.
      const reference = foreignKeyViolationOf(error);
      if (reference) {
        if (reference.kind === 'missing') request.log.warn({ err: error }, 'foreign key refused a write');
        return reply
          .status(httpStatusOf(Code.CONFLICT))
          .send({ status: Code.CONFLICT, message: reference.message } satisfies TErrorEnvelope);
      }

      // The database restarting or unreachable: the request's transaction was rolled back by the
      // server or its commit's answer was lost; it may be sent again once the database is back
      // (the writes that matter are idempotent). Not a bug of ours: a warning, not an error.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .send({ status: Code.UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE } satisfies TErrorEnvelope);
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response does not match its schema');
      } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code] && (error.statusCode ?? 500) < 500) {
        return reply.status(error.statusCode ?? 400).send(clientErrorBody(error.code));
      } else if (error.statusCode === 429) {
        return reply.status(429).send({
          status: Code.TOO_MANY_REQUESTS,
          message: CODE_MESSAGES[Code.TOO_MANY_REQUESTS],
        } satisfies TErrorEnvelope);
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .status(error.statusCode)
          .send({ status: Code.VALIDATION, message: CODE_MESSAGES[Code.VALIDATION] } satisfies TErrorEnvelope);
      } else {
        request.log.error({ err: error }, 'unexpected error');
      }
      return reply.status(500).send({
        status: Code.INTERNAL,
        message: CODE_MESSAGES[Code.INTERNAL],
        data: { requestId: String(request.id) },
      } satisfies TErrorEnvelope);
    });
  },
  { name: 'errors' },
);
