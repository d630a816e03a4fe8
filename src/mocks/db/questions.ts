import type { SeedContext } from './context';

/** Questions area of the demo database (filled in by the questions issue). */
export type QuestionsState = Record<string, never>;

export function seedQuestions(_context: SeedContext): QuestionsState {
  return {};
}
