/** Bytes as lower-case hex. */
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The SHA-256 of a file as hex, computed in the browser with WebCrypto: the file never leaves the
 * machine. `undefined` where WebCrypto is not offered (a page served over plain HTTP from an
 * address other than localhost is not a secure context).
 */
export async function fileSha256(
  file: Blob,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string | undefined> {
  if (!subtle) return undefined;
  return hex(await subtle.digest('SHA-256', await file.arrayBuffer()));
}
