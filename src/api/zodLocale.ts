import { z } from 'zod/mini';

/*
 * English issue messages, as classic zod gives by default: zod/mini loads no locale, and without one every
 * issue says only "Invalid input". The messages reach the error details (ContractError) and the contract
 * drift record. Every module here that builds schemas imports this, so it has run before any of them is
 * parsed; not client.ts, which does the parsing: it is first-paint code, and zod is not.
 */
z.config(z.locales.en());
