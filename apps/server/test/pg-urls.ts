/** The same server and credentials as `url`, on another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Connection for CREATE/DROP DATABASE: the maintenance database of the same server. */
export function adminUrl(url: string): string {
  return databaseUrlFor(url, 'postgres');
}
