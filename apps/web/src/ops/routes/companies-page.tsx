export function CompaniesPage() {
  return null;
}
