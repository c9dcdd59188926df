export function AuditPage() {
  return null;
}
