import type { SeedContext } from './context';

/** Credits area of the demo database (filled in by the credits issue). */
export type CreditsState = Record<string, never>;

export function seedCredits(_context: SeedContext): CreditsState {
  return {};
}
