import { z } from 'zod/mini';

/**
 * An account's answer templates, as the server, demo mode and the dialog read them. A template's text is
 * inserted into an answer, so it is held to the answer's limit (the spec's 2,000 characters); the count keeps
 * the list one a person can read (Alt+1–9 insert the first nine).
 */
export const templateNameMax = 60;
export const templateTextMax = 2000;
export const templatesPerAccount = 100;

const fieldsSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(templateNameMax)),
  text: z.string().check(
    z.refine((text) => text.trim() !== ''),
    z.maxLength(templateTextMax),
  ),
});
export type TemplateFields = z.infer<typeof fieldsSchema>;

/** A template's name (trimmed) and text as saved, or what is wrong with them. */
export function readTemplateFields(body: unknown): TemplateFields | { problem: string } {
  const read = fieldsSchema.safeParse(body);
  return read.success
    ? read.data
    : { problem: `A template has a name of 1 to ${templateNameMax} characters and a text of 1 to ${templateTextMax}` };
}

/** Whether two texts are the same template's: a device's template the account already has is not carried over again. */
export const sameTemplateText = (a: string, b: string) => a.trim() === b.trim();
