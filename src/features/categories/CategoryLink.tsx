import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { urls } from '../../lib/urls';
import { categoryQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/** How long the pointer must rest on a link before its category is fetched (a pass-over fetches nothing). */
const restMs = 150;

/** Fetches a category ahead of the click when the pointer rests on its link or the keyboard focuses it. */
export function usePrefetchCategory(id: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const prefetch = () => void queryClient.prefetchQuery(categoryQuery(id));
  const cancel = () => clearTimeout(timer.current);
  // A pressed link leaves without a pointerleave: its rest timer would read the category again after the page
  // had (a read that failed there is read again), so pressing or leaving the page cancels it.
  useEffect(() => cancel, []);
  return {
    onPointerEnter: () => {
      timer.current = setTimeout(prefetch, restMs);
    },
    onPointerLeave: cancel,
    onPointerDown: cancel,
    onFocus: prefetch,
  };
}

interface CategoryLinkProps {
  site: string;
  id: string;
  name: string;
  count?: number;
  /** Search string to carry (the open tab), so moving through the tree keeps the view. */
  search?: string;
}

/** A category in a list: a link that prefetches on pointer rest, with its item count when known. */
export function CategoryLink({ site, id, name, count, search = '' }: CategoryLinkProps) {
  const { t } = useLingui();
  const prefetch = usePrefetchCategory(id);
  return (
    <ListItemButton component={Link} to={urls.categories.detail(site, id, search)} {...prefetch} sx={{ borderRadius: 1 }}>
      <ListItemText
        primary={name}
        secondary={count === undefined ? undefined : t`${plural(count, { one: `# item`, other: `# items` })}`}
        slotProps={{ secondary: { color: 'text.secondary' } }}
      />
    </ListItemButton>
  );
}
