import { useQuery } from '@tanstack/react-query';
import { useMe } from '../../lib/identity';
import { pollMs, questionKeys } from './keys';

/**
 * The seller's UNANSWERED total for the navigation badge, polled every 30 s. The API module is loaded
 * on demand so nothing of it (or zod) lands in the first-paint bundle.
 */
export function useUnansweredCount(): number | undefined {
  const sellerId = useMe().data?.id;
  const query = useQuery({
    queryKey: questionKeys.unanswered(sellerId ?? 0),
    queryFn: async ({ signal }) => {
      const { searchQuestions } = await import('../../api/questions');
      return (await searchQuestions({ sellerId, status: 'UNANSWERED', limit: 1 }, signal)).total;
    },
    enabled: sellerId !== undefined,
    refetchInterval: pollMs,
  });
  return query.data;
}
