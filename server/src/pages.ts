import { spanishOfTag, type Spanish } from '../../core/spanish.ts';

/**
 * The sign-in pages the server renders itself (problems, confirmation), in the browser's language (en, Spanish,
 * pt-BR). No account is signed in yet, so Spanish's register follows the browser's region: vos for es-AR, es-UY
 * and es-PY, tú otherwise.
 */

export type SignInProblem = 'denied' | 'state' | 'code' | 'client' | 'failed' | 'invitation';
type Locale = 'en' | Spanish | 'pt-BR';
type Texts = { title: string; retry: string; confirm: Record<'title' | 'text' | 'continue' | 'back', string> } & Record<
  SignInProblem,
  string
>;

const neutralSpanish: Texts = {
  title: 'No se completó el inicio de sesión',
  retry: 'Intentar de nuevo',
  confirm: {
    title: '¿Iniciar sesión en Seller Desk?',
    text: 'Otro sitio te trajo al inicio de sesión de Seller Desk. Continúa solo si querías iniciar sesión con el marketplace. Las cuentas que ya iniciaron sesión aquí siguen conectadas.',
    continue: 'Continuar al marketplace',
    back: 'Volver a Seller Desk',
  },
  denied: 'No autorizaste a Seller Desk a usar tu cuenta de vendedor, así que no iniciaste sesión.',
  state: 'Este enlace de inicio de sesión no es el que inició este navegador o es demasiado antiguo. Por tu seguridad no se usó.',
  code: 'El marketplace ya no acepta este inicio de sesión (ya se usó o expiró).',
  client: 'El marketplace no reconoció esta instalación de Seller Desk. Pide a su administrador que revise el id y la clave de la app.',
  failed: 'No se pudo contactar al marketplace para completar el inicio de sesión.',
  invitation: 'Esta invitación ya no se puede usar: se usó, se revocó o venció. Pide un enlace nuevo.',
};

const texts: Record<Locale, Texts> = {
  en: {
    title: 'Sign-in did not finish',
    retry: 'Try again',
    confirm: {
      title: 'Sign in to Seller Desk?',
      text: 'Another site sent you to Seller Desk’s sign-in. Continue only if you meant to sign in with the marketplace. The accounts already signed in here stay signed in.',
      continue: 'Continue to the marketplace',
      back: 'Back to Seller Desk',
    },
    denied: 'You did not allow Seller Desk to use your seller account, so you are not signed in.',
    state: 'This sign-in link is not the one this browser started, or it is too old. For your safety it was not used.',
    code: 'The marketplace no longer accepts this sign-in (it was already used or has expired).',
    client: 'The marketplace did not recognise this Seller Desk installation. Ask its administrator to check the app id and secret.',
    failed: 'The marketplace could not be reached to finish the sign-in.',
    invitation: 'This invitation can no longer be used: it was used, revoked or has expired. Ask for a new link.',
  },
  'es-419': neutralSpanish,
  'es-AR': {
    ...neutralSpanish,
    confirm: {
      ...neutralSpanish.confirm,
      text: 'Otro sitio te trajo al inicio de sesión de Seller Desk. Continuá solo si querías iniciar sesión con el marketplace. Las cuentas que ya iniciaron sesión acá siguen conectadas.',
    },
    code: 'El marketplace ya no acepta este inicio de sesión (ya se usó o venció).',
    client: 'El marketplace no reconoció esta instalación de Seller Desk. Pedile a su administrador que revise el id y la clave de la app.',
    invitation: 'Esta invitación ya no se puede usar: se usó, se revocó o venció. Pedí un enlace nuevo.',
  },
  'pt-BR': {
    title: 'O login não foi concluído',
    retry: 'Tentar novamente',
    confirm: {
      title: 'Entrar no Seller Desk?',
      text: 'Outro site trouxe você ao login do Seller Desk. Continue só se você quis entrar com o marketplace. As contas já conectadas aqui continuam conectadas.',
      continue: 'Continuar para o marketplace',
      back: 'Voltar ao Seller Desk',
    },
    denied: 'Você não autorizou o Seller Desk a usar sua conta de vendedor, então o login não foi feito.',
    state: 'Este link de login não é o que este navegador iniciou ou é antigo demais. Para sua segurança, ele não foi usado.',
    code: 'O marketplace não aceita mais este login (ele já foi usado ou expirou).',
    client: 'O marketplace não reconheceu esta instalação do Seller Desk. Peça ao administrador para verificar o id e o segredo do app.',
    failed: 'Não foi possível contatar o marketplace para concluir o login.',
    invitation: 'Este convite não pode mais ser usado: ele já foi usado, revogado ou expirou. Peça um novo link.',
  },
};

/** The best of our locales for an Accept-Language header (by q, then order); English otherwise. */
function pickLocale(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag, q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'es' || tag.startsWith('es-')) return spanishOfTag(tag);
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
  }
  return 'en';
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Seller Desk</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
    <h1>${title}</h1>
${body}
  </body>
</html>
`;
}

export function signInProblemPage(problem: SignInProblem, acceptLanguage: string | undefined, retryUrl: string): string {
  const locale = pickLocale(acceptLanguage);
  const t = texts[locale];
  return page(
    locale,
    t.title,
    `    <p>${t[problem]}</p>
    <p><a href="${escapeHtml(retryUrl)}">${t.retry}</a></p>`,
  );
}

/** A sign-in another site started: nothing happens until the seller follows this page's own link. */
export function signInConfirmPage(acceptLanguage: string | undefined, continueUrl: string): string {
  const locale = pickLocale(acceptLanguage);
  const t = texts[locale].confirm;
  return page(
    locale,
    t.title,
    `    <p>${t.text}</p>
    <p><a href="${escapeHtml(continueUrl)}">${t.continue}</a></p>
    <p><a href="/">${t.back}</a></p>`,
  );
}
