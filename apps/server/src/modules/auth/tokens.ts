import { errors, jwtVerify, SignJWT } from 'jose';

/** Tokens live two hours (DOMAIN section 1) and are refreshed when 600 s or less remain. */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

export interface TokenClaims {
  /** Admin id. */
  sub: string;
  /** Session id. */
  jti: string;
  companyId: number;
  iat: number;
  exp: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  secret: string,
  claims: { adminId: number; sessionId: string; companyId: number; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ companyId: claims.companyId, realm: 'company' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.adminId))
    .setJti(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies signature and expiry; `ignoreExpiry` lets logout revoke a session whose token just ran out. */
export async function verifyToken(secret: string, token: string, ignoreExpiry = false): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    const { sub, jti, companyId, iat, exp } = payload as Partial<TokenClaims>;
    // Another realm's token (an operator's, realm 'ops') never opens a company route.
    if (payload.realm !== undefined && payload.realm !== 'company') return { ok: false, reason: 'invalid' };
    if (!sub || !jti || typeof companyId !== 'number' || !iat || !exp) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { sub, jti, companyId, iat, exp } };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
