import { defineMessages } from '../../lib/i18n';

export const messages = defineMessages(
  { title: 'Questions', placeholder: 'This page is not built yet: a later issue adds it.' },
  { title: 'Preguntas', placeholder: 'Esta página todavía no está construida: la agrega un issue posterior.' },
  { title: 'Perguntas', placeholder: 'Esta página ainda não foi construída: uma issue posterior a adiciona.' },
);
