import { useSearchParams } from 'react-router';

/** The `?id=` of a detail screen, or undefined when it is missing or not a positive whole number. */
export function useIdParam(name = 'id'): number | undefined {
  const [params] = useSearchParams();
  const raw = params.get(name);
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
