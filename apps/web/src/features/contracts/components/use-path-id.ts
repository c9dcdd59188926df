import { useParams } from 'react-router';

/** The `:id` of the path, or undefined when it is not a positive whole number. */
export function usePathId(): number | undefined {
  const raw = useParams().id;
  return raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
