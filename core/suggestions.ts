import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';

/**
 * Suggestions from a seller account's own past answers: for an open question, the earlier answers whose
 * questions it most resembles, the same item's first, then the same category's, then any. One implementation:
 * the server runs it over the answers it keeps, the simulator over its own. Texts are compared after folding
 * case and accents, as word stems (Snowball, by the text's language: es, pt or en) weighted by rarity across
 * the account's questions, and as character trigrams of those stems, which forgive typos.
 */

export interface PastAnswer {
  questionId: number;
  itemId: string;
  categoryId?: string | undefined;
  question: string;
  answer: string;
}

interface OpenQuestion {
  text: string;
  itemId: string;
  categoryId?: string | undefined;
}

interface Suggestion {
  answer: PastAnswer;
  /** Where it came from: the question's item, its category, or anywhere in the account. */
  scope: 'item' | 'category' | 'any';
  score: number;
}

type Language = 'es' | 'pt' | 'en';
const stemmers: Record<Language, (word: string) => string> = { es: spanish, pt: portuguese, en: english };

// A few frequent words per language: they say which language a text is in, and carry no meaning of their own.
const stopwords: Record<Language, Set<string>> = {
  es: new Set(
    'a al algo como con cual cuando de del el en es esta este hay la las le lo los me mi muy no o para pero por que se si sin son su te tenes tenés tiene un una y ya hola buenas gracias saludos'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'a ao as com como da de do dos e em esta eu isso mais me meu na no nos o os ou para pela pelo por pra que se sem ser sua tem um uma voce você vcs ola olá obrigado abraço'.split(
      ' ',
    ),
  ),
  en: new Set('a an and are can do does for hello hi i if in is it of on or the this to what with you your thanks'.split(' ')),
};

function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The language an account's answers are in, by its site: the fallback for texts too short to tell. */
export function languageOfSite(siteId: string): Language {
  return siteId === 'MLB' ? 'pt' : 'es';
}

/** The language most of the text's stopwords belong to; the account's language when none says. */
function languageOf(tokens: string[], fallback: Language): Language {
  let best = fallback;
  let hits = 0;
  for (const language of ['es', 'pt', 'en'] as const) {
    const count = tokens.filter((token) => stopwords[language].has(token)).length;
    if (count > hits) [best, hits] = [language, count];
  }
  return best;
}

function stems(text: string, fallback: Language): string[] {
  const tokens = words(text);
  const language = languageOf(tokens, fallback);
  const stop = stopwords[language];
  return tokens.filter((token) => !stop.has(token)).map((token) => (/^\d+$/.test(token) ? token : stemmers[language](token)));
}

function trigrams(terms: string[]): string[] {
  return terms.flatMap((term) => {
    const padded = ` ${term} `;
    return Array.from({ length: Math.max(0, padded.length - 2) }, (_, i) => padded.slice(i, i + 3));
  });
}

type Vector = Map<string, number>;

function counts(features: string[]): Vector {
  const vector: Vector = new Map();
  for (const feature of features) vector.set(feature, (vector.get(feature) ?? 0) + 1);
  return vector;
}

/** A text's features with their norm under one weighting, worked out once (an index's texts are compared often). */
interface Weighted {
  vector: Vector;
  norm: number;
}

function weighted(vector: Vector, weight: (feature: string) => number): Weighted {
  let sum = 0;
  for (const [feature, value] of vector) sum += (value * weight(feature)) ** 2;
  return { vector, norm: Math.sqrt(sum) };
}

function cosine(a: Weighted, b: Weighted, weight: (feature: string) => number): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  // Only the features both share add to the product: walk the shorter.
  const [short, long] = a.vector.size <= b.vector.size ? [a.vector, b.vector] : [b.vector, a.vector];
  let dot = 0;
  for (const [feature, value] of short) {
    const other = long.get(feature);
    if (other !== undefined) dot += value * other * weight(feature) ** 2;
  }
  return dot / (a.norm * b.norm);
}

interface Represented {
  stems: Weighted;
  grams: Weighted;
}

interface Indexed {
  answer: PastAnswer;
  question: Represented;
  reply: Represented;
}

/** How much the earlier answer's own words count beside its question's: they often name the topic too. */
const answerWeight = 0.5;
/** Below this, an earlier answer is not about the same thing, whatever its item. */
const minimumScore = 0.08;

/** An index over one seller account's answered questions. */
export interface AnswerIndex {
  size: number;
  /** The `limit` best earlier answers for `question`: the item's first, then its category's, then any. */
  suggest(question: OpenQuestion, limit?: number): Suggestion[];
}

function features(text: string, language: Language) {
  const terms = stems(text, language);
  return { stems: counts(terms), grams: counts(trigrams(terms)) };
}

/**
 * Makes the index, one step per answer (its features, then its weights): `createAnswerIndex` runs the steps at
 * once, `createAnswerIndexInSlices` a few milliseconds of them at a time.
 */
function* indexing(answers: readonly PastAnswer[], language: Language): Generator<void, AnswerIndex> {
  const texts = [];
  for (const answer of answers) {
    texts.push({ answer, question: features(answer.question, language), reply: features(answer.answer, language) });
    yield;
  }
  // Rarity of each stem across the account's questions: "talle" tells more than "tenes".
  const documents = new Map<string, number>();
  for (const entry of texts) for (const stem of entry.question.stems.keys()) documents.set(stem, (documents.get(stem) ?? 0) + 1);
  const idf = (feature: string) => Math.log(1 + texts.length / (1 + (documents.get(feature) ?? 0)));
  const flat = () => 1;
  const weigh = (text: { stems: Vector; grams: Vector }): Represented => ({
    stems: weighted(text.stems, idf),
    grams: weighted(text.grams, flat),
  });
  const indexed: Indexed[] = [];
  for (const entry of texts) {
    indexed.push({ answer: entry.answer, question: weigh(entry.question), reply: weigh(entry.reply) });
    yield;
  }

  const similarity = (open: Represented, other: Represented) =>
    0.5 * cosine(open.stems, other.stems, idf) + 0.5 * cosine(open.grams, other.grams, flat);

  return {
    size: indexed.length,
    suggest(question, limit = 3) {
      const open = weigh(features(question.text, language));
      const scored: Suggestion[] = [];
      for (const entry of indexed) {
        const score = similarity(open, entry.question) + answerWeight * similarity(open, entry.reply);
        if (score < minimumScore) continue;
        const scope =
          entry.answer.itemId === question.itemId
            ? 'item'
            : question.categoryId !== undefined && entry.answer.categoryId === question.categoryId
              ? 'category'
              : 'any';
        scored.push({ answer: entry.answer, scope, score });
      }
      const order = { item: 0, category: 1, any: 2 };
      return scored.sort((a, b) => order[a.scope] - order[b.scope] || b.score - a.score).slice(0, limit);
    },
  };
}

/**
 * An index over one seller account's answered questions. `language` is the account's (its site's): the
 * fallback for texts too short to tell.
 */
export function createAnswerIndex(answers: readonly PastAnswer[], language: Language): AnswerIndex {
  const steps = indexing(answers, language);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same index, made in slices of about `sliceMs` of work with `pause()` between them, for a thread that must
 * stay responsive meanwhile: the browser's simulator indexes its 1,000-odd answered questions in 90 ms at 1x on a
 * slow machine, which in one task would block the page a second on a phone.
 */
export async function createAnswerIndexInSlices(
  answers: readonly PastAnswer[],
  language: Language,
  pause: () => Promise<void>,
  sliceMs = 4,
): Promise<AnswerIndex> {
  const steps = indexing(answers, language);
  let sliceStarted = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted >= sliceMs) {
      await pause();
      sliceStarted = performance.now();
    }
  }
}
