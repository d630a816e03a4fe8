import { defineMessages } from '../../lib/i18n';

export const messages = defineMessages(
  { title: 'Response time', placeholder: 'This page is not built yet: a later issue adds it.' },
  { title: 'Tiempo de respuesta', placeholder: 'Esta página todavía no está construida: la agrega un issue posterior.' },
  { title: 'Tempo de resposta', placeholder: 'Esta página ainda não foi construída: uma issue posterior a adiciona.' },
);
