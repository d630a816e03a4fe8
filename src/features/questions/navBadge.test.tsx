import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../api/questions';
import { testDb } from '../../test/demo';
import { renderHookWithProviders } from '../../test/render';
import { useUnansweredCount } from './navBadge';

const unansweredInDb = () => [...testDb().questions.byId.values()].filter((q) => q.status === 'UNANSWERED').length;

describe('useUnansweredCount', () => {
  it("gives the signed-in seller's UNANSWERED total, and follows it on refetch", async () => {
    const { result, queryClient } = renderHookWithProviders(() => useUnansweredCount());
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(unansweredInDb()));
    const before = result.current!;
    const open = [...testDb().questions.byId.values()].find((q) => q.status === 'UNANSWERED')!;
    await answerQuestion({ question_id: open.id, text: 'Sí' });
    await queryClient.invalidateQueries({ queryKey: ['questions'] });
    await waitFor(() => expect(result.current).toBe(before - 1));
  });
});
