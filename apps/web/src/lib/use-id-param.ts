// The one reader of a route's path params (eslint.config.js refuses useParams elsewhere).
// eslint-disable-next-line no-restricted-imports
import { useParams, useSearchParams } from 'react-router';

/** An id as the URL spells it: a positive whole number, else undefined. */
export function parseIdParam(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The id a detail screen is opened for, as its route defines it: the path's `:name` when the
 * route has one (合同详情 `enterpriseContreactDetail/:id`), else the query's `?name=` (发放详情
 * `?id=`). Undefined when it is missing or not a positive whole number. Every detail screen reads
 * its id here (issue 39.5).
 */
export function useIdParam(name = 'id'): number | undefined {
  const pathParams = useParams();
  const [searchParams] = useSearchParams();
  return parseIdParam(name in pathParams ? pathParams[name] : searchParams.get(name));
}
