import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod/mini';

/**
 * The URL is the state of a list: filters, sort, page and open panels are search params, parsed with a
 * zod object schema (use `z.catch()` defaults per field so a bad value falls back instead of throwing).
 * `update` merges a patch; undefined, null and '' remove a param. Never put personal data here.
 */
export function useUrlState<S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => schema.parse(Object.fromEntries(params)) as z.infer<S>, [params, schema]);
  const update = useCallback(
    (patch: Partial<Record<keyof z.infer<S>, unknown>>, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) next.delete(key);
            else next.set(key, Array.isArray(value) ? value.join(',') : String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update] as const;
}
