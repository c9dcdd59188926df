import { errors, jwtVerify, SignJWT } from 'jose';

/** Operator tokens live two hours, like the admins'; they carry the realm `ops`. */
export const OPERATOR_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const OPERATOR_REALM = 'ops';

const keyOf = (secret: string) => new TextEncoder().encode(`${OPERATOR_REALM}:${secret}`);

export function signOperatorToken(secret: string, c: { operatorId: number; sessionId: string; expiresAt: Date }) {
  return new SignJWT({ realm: OPERATOR_REALM })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.operatorId))
    .setJti(c.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(c.expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/**
 * Verifies an operator token: signed with the operator realm's key (derived apart from the
 * admins'), realm claim `ops`. A company admin's token fails both checks.
 */
export async function verifyOperatorToken(
  secret: string,
  token: string,
  ignoreExpiry = false,
): Promise<{ ok: true; operatorId: number; sessionId: string } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    if (payload.realm !== OPERATOR_REALM || !payload.sub || !payload.jti) return { ok: false, reason: 'invalid' };
    return { ok: true, operatorId: Number(payload.sub), sessionId: payload.jti };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
