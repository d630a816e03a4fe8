import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lastSignInMethod, mayRemovePasskey } from '../../core/team.ts';
import { invitationAccepted } from './audit.ts';
import type { Config } from './config.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';
import { opaqueId, type NewPasskey } from './store/team.ts';
import { rateLimited } from './auth.ts';
import { nameOf, secretBody, signedOut, usableInvitation } from './team.ts';

const base64url = z.string().regex(/^[\w-]+$/, 'base64url');
const credentialFields = {
  id: base64url.max(1024),
  rawId: base64url.max(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // No extension is asked for: whatever the browser reports is not kept.
  clientExtensionResults: z.object({}).default({}),
};
/** What @simplewebauthn/browser's startRegistration() answers (the library checks the rest). */
const registrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url.max(4096),
    attestationObject: base64url.max(32_768),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;
/** What startAuthentication() answers. */
const authenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url.max(4096),
    authenticatorData: base64url.max(4096),
    signature: base64url.max(1024),
    userHandle: base64url.max(128).optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

const challengeId = z.string().min(1).max(100);
const authenticationBody = z.object({ challengeId, response: authenticationResponse });
const invitationRegistrationBody = z.object({ challengeId, secret: secretBody.shape.secret, response: registrationResponse });
const registrationBody = z.object({ challengeId, response: registrationResponse });

const refused = { error: 'passkey_refused', message: 'This passkey could not be used to sign in' };
/** A passkey made through an invitation is named so until its person renames it in Settings. */
const firstPasskeyName = 'Passkey';

/** A person's WebAuthn user handle: their opaque id's bytes, so an authenticator keeps one passkey per person. */
const userHandle = (personId: string) => new TextEncoder().encode(personId);

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): signing in with one, creating one through an invitation (a
 * new person, or a recovery's person), and a person's own passkeys in Settings. Every ceremony's challenge
 * is kept in the store for five minutes and used once, so it may end on another instance than it began.
 * The relying party is PUBLIC_URL's host name and origin.
 */
export function registerPasskeys(app: FastifyInstance, deps: { config: Config; store: Store; cookies: SessionCookies }) {
  const { config, store, cookies } = deps;
  const csrf = sameOriginWrite(config);
  const rp = { name: 'Seller Desk', id: config.publicUrl.hostname, origin: config.publicUrl.origin };
  if (isIP(rp.id.replace(/^\[|\]$/g, '')) !== 0)
    app.log.warn(
      { publicUrl: rp.origin },
      'PUBLIC_URL is an IP address: browsers refuse passkeys for it (use a host name, such as localhost)',
    );
  // Per client address and instance, as `/auth/*`: an invitation's secret cannot be guessed, nor tried fast.
  const limited = { config: rateLimited, preHandler: csrf };

  /** Registration options for a person (new or not), stored as a challenge with whom it is for. */
  async function registration(person: { id: string; name: string }, invitationId?: string) {
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: person.name,
      userDisplayName: person.name,
      userID: userHandle(person.id),
      attestationType: 'none',
      excludeCredentials: (await store.team.credentialIds(person.id)).map((id) => ({ id })),
      // Discoverable, so the sign-in screen needs no user name; verified (PIN, biometrics), as a password would be.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const id = await store.team.saveChallenge('register', options.challenge, {
      personId: person.id,
      name: person.name,
      ...(invitationId && { invitationId }),
    });
    return { challengeId: id, options };
  }

  /** The new credential of a registration answer, or undefined when it does not verify. */
  async function verifiedCredential(
    request: FastifyRequest,
    response: RegistrationResponseJSON,
    challenge: string,
  ): Promise<Omit<NewPasskey, 'name'> | undefined> {
    try {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      if (!verified.verified) return undefined;
      const { credential } = verified.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch (error) {
      // The library's messages quote the challenge and origin; only the kind of failure is logged.
      request.log.info({ passkey: 'registration refused', reason: error instanceof Error ? error.name : 'failed' }, 'passkey refused');
      return undefined;
    }
  }

  const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ error: 'bad_request', message });

  app.post('/auth/passkey/options', limited, async () => {
    // Discoverable credentials: the authenticator offers the person's passkeys for this site, none named here.
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
    return { challengeId: await store.team.saveChallenge('authenticate', options.challenge), options };
  });

  app.post('/auth/passkey/verify', limited, async (request, reply) => {
    const body = authenticationBody.safeParse(request.body);
    if (!body.success) return bad(reply, 'Send {"challengeId": "…", "response": …} as startAuthentication() answers');
    const { response } = body.data;
    const [challenge, credential] = await Promise.all([
      store.team.takeChallenge(body.data.challengeId, 'authenticate'),
      store.team.credential(response.id),
    ]);
    const handle = response.response.userHandle;
    if (
      !challenge ||
      !credential ||
      (handle !== undefined && handle !== Buffer.from(userHandle(credential.personId)).toString('base64url'))
    )
      return reply.code(401).send(refused);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: credential.credentialId,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: true,
      });
      if (!verified.verified) return reply.code(401).send(refused);
      newCounter = verified.authenticationInfo.newCounter;
    } catch (error) {
      request.log.info({ passkey: 'authentication refused', reason: error instanceof Error ? error.name : 'failed' }, 'passkey refused');
      return reply.code(401).send(refused);
    }
    await store.team.passkeyUsed(credential.id, newCounter);
    return cookies.describeKey(await cookies.signIn(request, reply, credential.personId, 'passkey'));
  });

  // Through an invitation: a join makes a new person named `name`; a recovery adds a passkey to its person.
  app.post('/invitations/passkey/options', limited, async (request, reply) => {
    const body = secretBody.safeParse(request.body);
    if (!body.success) return bad(reply, 'Send {"secret": "…", "name": "…"}');
    const found = await usableInvitation(store, body.data.secret);
    if (!('invitation' in found)) return reply.code(found.status).send(found.body);
    const { invitation } = found;
    if (invitation.kind === 'recovery' && invitation.person) return registration(invitation.person, invitation.id);
    const name = nameOf(request.body);
    if (name === undefined) return bad(reply, 'Choose a name of 1 to 60 characters');
    return registration({ id: opaqueId(), name }, invitation.id);
  });

  app.post('/invitations/passkey/verify', limited, async (request, reply) => {
    const body = invitationRegistrationBody.safeParse(request.body);
    if (!body.success) return bad(reply, 'Send {"challengeId": "…", "secret": "…", "response": …} as startRegistration() answers');
    const challenge = await store.team.takeChallenge(body.data.challengeId, 'register');
    const found = await usableInvitation(store, body.data.secret);
    if (!('invitation' in found)) return reply.code(found.status).send(found.body);
    const { invitation } = found;
    const { personId, name } = challenge?.context ?? {};
    if (!challenge || challenge.context.invitationId !== invitation.id || personId === undefined || name === undefined)
      return reply.code(401).send(refused);
    const credential = await verifiedCredential(request, body.data.response, challenge.challenge);
    if (!credential) return reply.code(401).send(refused);
    const person = await store.team.acceptWithPasskey(invitation.id, { id: personId, name }, { ...credential, name: firstPasskeyName });
    if (!person) return reply.code(410).send({ error: 'invitation_used', message: 'This invitation was already used' });
    await invitationAccepted(store, request, invitation, person);
    const joined = invitation.kind === 'join' ? invitation.accountId : undefined;
    return cookies.describeKey(await cookies.signIn(request, reply, person, 'passkey', joined));
  });

  // A person's own passkeys (Settings).
  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    const session = await cookies.read(request);
    if (!session) void reply.code(401).send(signedOut);
    return session;
  }
  const list = async (personId: string) => ({
    passkeys: (await store.team.passkeys(personId)).map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
  });
  const notFound = { error: 'not_found', message: 'No such passkey of yours' };

  app.get('/me/passkeys', async (request, reply) => {
    const session = await signedIn(request, reply);
    return session ? list(session.person.id) : reply;
  });

  app.post('/me/passkeys/options', { preHandler: csrf }, async (request, reply) => {
    const session = await signedIn(request, reply);
    return session ? registration(session.person) : reply;
  });

  app.post('/me/passkeys/verify', { preHandler: csrf }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const body = registrationBody.safeParse(request.body);
    const name = nameOf(request.body);
    if (!body.success || name === undefined)
      return bad(reply, 'Send {"challengeId": "…", "response": …, "name": "…"} (a name of 1 to 60 characters)');
    const challenge = await store.team.takeChallenge(body.data.challengeId, 'register');
    if (!challenge || challenge.context.personId !== session.person.id || challenge.context.invitationId !== undefined)
      return reply.code(401).send(refused);
    const credential = await verifiedCredential(request, body.data.response, challenge.challenge);
    if (!credential) return reply.code(401).send(refused);
    await store.team.addPasskey(session.person.id, { ...credential, name });
    return list(session.person.id);
  });

  app.patch<{ Params: { id: string } }>('/me/passkeys/:id', { preHandler: csrf }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const name = nameOf(request.body);
    if (name === undefined) return bad(reply, 'Send {"name": "…"} (1 to 60 characters)');
    if (!(await store.team.renamePasskey(session.person.id, request.params.id, name))) return reply.code(404).send(notFound);
    return list(session.person.id);
  });

  app.delete<{ Params: { id: string } }>('/me/passkeys/:id', { preHandler: csrf }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply;
    const outcome = await store.team.removePasskey(session.person.id, request.params.id, mayRemovePasskey);
    if (outcome === 'not_found') return reply.code(404).send(notFound);
    if (outcome === 'refused') return reply.code(409).send(lastSignInMethod);
    return list(session.person.id);
  });
}
