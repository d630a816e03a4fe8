import { createLocalStore, useStore } from '../../lib/store';

/** Reusable answers the seller keeps on this device (localStorage), inserted into the composer. */
export interface Template {
  id: string;
  name: string;
  text: string;
}

const templatesStore = createLocalStore<Template[]>('seller-desk.questions.templates', []);

export function useTemplates(): Template[] {
  return useStore(templatesStore);
}

export function saveTemplate(template: Omit<Template, 'id'> & { id?: string }): void {
  templatesStore.set((list) =>
    template.id
      ? list.map((entry) => (entry.id === template.id ? { ...entry, name: template.name, text: template.text } : entry))
      : [...list, { id: `${Date.now().toString(36)}${list.length}`, name: template.name, text: template.text }],
  );
}

export function deleteTemplate(id: string): void {
  templatesStore.set((list) => list.filter((entry) => entry.id !== id));
}
