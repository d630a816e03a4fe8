import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ContractError } from './errors';
import { getMe } from './users';
import { server } from '../test/demo';

// Every module of src/api, as text (this test and the others excluded).
const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], { eager: true, query: '?raw', import: 'default' });

describe('zod issue messages', () => {
  it('are the English ones classic zod gave, not "Invalid input" alone', async () => {
    server.use(http.get('*/api/users/me', () => HttpResponse.json({ id: 'seven', nickname: 'X', site_id: 'MLA' })));
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues).toEqual([{ path: 'id', message: 'Invalid input: expected number, received string' }]);
  });

  it('are set up by every module that builds schemas (zod/mini loads no locale of its own)', () => {
    const builders = Object.entries(sources).filter(([, text]) => /^import \{ z \} from 'zod\/mini';$/m.test(text));
    expect(builders.length).toBeGreaterThan(10);
    for (const [file, text] of builders) {
      if (file !== './zodLocale.ts') expect({ file, imports: text.includes("import './zodLocale';") }).toEqual({ file, imports: true });
    }
  });
});
