import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { isRole } from '../../../core/roles.ts';
import { readTemplateFields, sameTemplateText, templateNameMax, type TemplateFields } from '../../../core/answerTemplates.ts';
import { createAnswerTemplate, deleteAnswerTemplate, getAnswerTemplates, updateAnswerTemplate } from '../../api/answerTemplates';
import { isApiError, isRetryable } from '../../api/errors';
import { grantsOfRole, useGrants } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { deviceStorage, readLocal } from '../../lib/store';

/**
 * The account's answer templates, shared by its team on Seller Desk's server (src/api/answerTemplates.ts),
 * inserted into the composer; the roles that answer change them.
 */
const templateKeys = {
  all: ['answer-templates'] as const,
  account: (account: string) => [...templateKeys.all, account] as const,
};

const templatesQuery = (account: string) =>
  queryOptions({
    queryKey: templateKeys.account(account),
    queryFn: ({ signal }) => getAnswerTemplates(account, signal),
    staleTime: 60_000,
  });

/** Where templates were kept on the device before they moved to the server, and which accounts received them. */
const deviceKey = 'seller-desk.questions.templates';
const carriedKey = 'seller-desk.questions.templates.carried';
const deviceSchema = z.array(z.object({ name: z.string(), text: z.string() }));

/** Carry-overs under way, per account: the composer and the dialog ask at once, and one upload is enough. */
const carrying = new Map<string, Promise<boolean>>();

async function upload(account: string): Promise<boolean> {
  const device = deviceSchema.safeParse(readLocal<unknown>(deviceKey, [])).data ?? [];
  if (device.length === 0) return false;
  const texts = (await getAnswerTemplates(account)).map((template) => template.text);
  let added = false;
  for (const template of device) {
    // A name the device allowed may be longer than the server's limit: shortened rather than lost.
    const fields = readTemplateFields({ name: template.name.slice(0, templateNameMax), text: template.text });
    if ('problem' in fields || texts.some((text) => sameTemplateText(text, fields.text))) continue;
    try {
      // The person kept it past the guard (or before there was one) on this device: carried as it is, and the
      // audit entry says it passed the guard by the override.
      await createAnswerTemplate(account, fields, true);
      texts.push(fields.text);
      added = true;
    } catch (error) {
      // A refusal that would be the same next time (the account is full) skips it; anything else, a later visit retries.
      if (!isApiError(error) || isRetryable(error)) throw error;
    }
  }
  return added;
}

/**
 * Uploads the templates this device kept to `account`, once per account: then marked, so a reload does not carry
 * them again; a template whose text the account already has is skipped, so a carry-over cut short and retried,
 * or another device's, adds no duplicates. Resolves whether any was added; rejects when it must be retried.
 */
export function carryOverDeviceTemplates(account: string): Promise<boolean> {
  if (readLocal<string[]>(carriedKey, []).includes(account)) return Promise.resolve(false);
  const running =
    carrying.get(account) ??
    upload(account)
      .then((added) => {
        deviceStorage.set(carriedKey, JSON.stringify([...readLocal<string[]>(carriedKey, []), account]));
        return added;
      })
      .finally(() => carrying.delete(account));
  carrying.set(account, running);
  return running;
}

/**
 * The templates of the active account, or of `asAccount` (a question of another account in the queue's "All my
 * accounts"), and whether the person's role there may change them. The first time someone who may opens them on
 * an account, this device's own templates are carried over to it.
 */
export function useAnswerTemplates(asAccount?: string) {
  const server = useSession().server;
  const account = asAccount ?? server?.activeAccountId ?? '';
  const active = useGrants();
  const role = asAccount === undefined ? undefined : server?.accounts.find((entry) => entry.id === asAccount)?.role;
  const grants = isRole(role) ? grantsOfRole(role) : active;
  const canEdit = grants.can('questions.write');
  const queryClient = useQueryClient();
  const query = useQuery(templatesQuery(account));
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!canEdit || !loaded || account === '') return;
    carryOverDeviceTemplates(account).then(
      (added) => added && void queryClient.invalidateQueries({ queryKey: templateKeys.account(account) }),
      // Not marked: the next visit tries again.
      () => undefined,
    );
  }, [account, canEdit, loaded, queryClient]);
  return { account, canEdit, grants, query, templates: query.data ?? [] };
}

type SavedTemplate = TemplateFields & { id?: string; guardOverride: boolean };

export function useSaveTemplate(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardOverride, ...fields }: SavedTemplate) =>
      id ? updateAnswerTemplate(account, id, fields, guardOverride) : createAnswerTemplate(account, fields, guardOverride),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.account(account) }),
  });
}

export function useDeleteTemplate(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAnswerTemplate(account, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.account(account) }),
  });
}
