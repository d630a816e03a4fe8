import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import { sellerAccountHeaders } from './sellerAccount';

/**
 * GET /suggestions?question_id= (Seller Desk's server; demo mode's door emulates it): the three earlier answers of
 * the account whose questions most resemble this one, the same item's first, then the category's, then any
 * (core/suggestions.ts). Texts are the seller's and buyers' own: shown as text, inserted only to be edited.
 */
const suggestionSchema = z.object({
  questionId: z.int(),
  question: z.string(),
  answer: z.string(),
  scope: z.enum(['item', 'category', 'any']),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

const suggestionsSchema = z.object({ suggestions: z.array(suggestionSchema) });

export async function getSuggestions(questionId: number, signal?: AbortSignal, account?: string): Promise<Suggestion[]> {
  const headers = sellerAccountHeaders(account);
  return (
    await requestData('/suggestions', { server: true, query: { question_id: questionId }, headers, schema: suggestionsSchema, signal })
  ).suggestions;
}
