import { CODE_MESSAGES, Code, httpStatusOf, type TErrorEnvelope, type TFieldError } from '@flexpay/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/** Fastify's own client errors, in Chinese. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度有误',
  FST_ERR_VALIDATION: '请求参数有误',
};

function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path;
}

/**
 * The error envelope: AppError -> its code; validation -> 40000 with Chinese field errors;
 * anything unexpected -> 500 with a request id and no internals (logged in full).
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

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code] && (error.statusCode ?? 500) < 500) {
        const message = FASTIFY_CLIENT_ERRORS[error.code] ?? CODE_MESSAGES[Code.VALIDATION];
        return reply
          .status(error.statusCode ?? 400)
          .send({ status: Code.VALIDATION, message } satisfies TErrorEnvelope);
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
