import { expect, it } from 'vitest';
import { signInProblemPage } from '../src/pages.ts';

const page = (acceptLanguage: string) => signInProblemPage('client', acceptLanguage, '/auth/login');

it("speaks Latin American Spanish (tú) to Spanish browsers, Rioplatense (vos) only to Argentina's, Uruguay's and Paraguay's", () => {
  for (const tú of ['es-MX,es;q=0.9', 'es-CO', 'es', 'es-419', 'en;q=0.5, es-CL']) {
    expect(page(tú), tú).toContain('<html lang="es-419">');
    expect(page(tú), tú).toContain('Pide a su administrador');
  }
  for (const vos of ['es-AR,es;q=0.9,en;q=0.5', 'es-UY', 'es-py', 'en;q=0.5, es-AR']) {
    expect(page(vos), vos).toContain('<html lang="es-AR">');
    expect(page(vos), vos).toContain('Pedile a su administrador');
  }
  expect(page('en-GB,es-AR;q=0.5')).toContain('<html lang="en">');
});
