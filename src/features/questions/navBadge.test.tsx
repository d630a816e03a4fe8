import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../api/questions';
import { testDb } from '../../test/demo';
import { useUnansweredCount } from './navBadge';

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

const unansweredInDb = () => [...testDb().questions.byId.values()].filter((q) => q.status === 'UNANSWERED').length;

describe('useUnansweredCount', () => {
  it("gives the signed-in seller's UNANSWERED total, and follows it on refetch", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useUnansweredCount(), { wrapper: wrapper(client) });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(unansweredInDb()));
    const before = result.current!;
    const open = [...testDb().questions.byId.values()].find((q) => q.status === 'UNANSWERED')!;
    await answerQuestion({ question_id: open.id, text: 'Sí' });
    await client.invalidateQueries({ queryKey: ['questions'] });
    await waitFor(() => expect(result.current).toBe(before - 1));
  });
});
