/**
 * The access table (issue 6, deny by default): for every /api route, per scenario, the status
 * each caller must get. Keys are `METHOD url` exactly as Fastify registers them; the matrix test
 * fails when a registered route is missing here or a key here is not registered.
 * Scenario names match the request builders in requests-*.ts.
 */
import type { Caller } from './callers';

/** One status, or the few that are equally right. */
export type Expected = number | readonly number[];
export type Outcome = Readonly<Record<Caller, Expected>>;
export type RouteAccess = Readonly<Record<string, Outcome>>;

/** The connection and the stranger are members like `member` unless a route tells them apart. */
const everyone = (ok: Expected): Outcome => ({
  anonymous: ok,
  pending: ok,
  member: ok,
  owner: ok,
  admin: ok,
  connection: ok,
  stranger: ok,
});
/** access signedIn: any account, pending included. */
const signedIn = (ok: Expected): Outcome => ({ ...everyone(ok), anonymous: 401 });
/** access member with no owner concept: every active member alike. */
const members = (ok: Expected): Outcome => ({ ...everyone(ok), anonymous: 401, pending: 403 });
const admins = (ok: Expected): Outcome => ({ ...members(403), admin: ok });
/**
 * A member route on a row of `owner`: what a non-owning member, the owner and an admin get; the
 * owner's connection gets what `member` gets unless said (a connections-only item, issue 25).
 */
const owned = (member: Expected, owner: Expected, admin: Expected, connection: Expected = member): Outcome => ({
  anonymous: 401,
  pending: 403,
  member,
  owner,
  admin,
  connection,
  stranger: member,
});

const only = (outcome: Outcome): RouteAccess => ({ default: outcome });

/**
 * A private item exists only for its owner (404 for anyone else, admins included); a public one
 * is read by all, changed by its owner only (403); a connections-only one exists for the owner
 * and their connection alone, who may read but not change it (docs/product.md#visibility).
 */
const ownItem = (ok: number): RouteAccess => ({
  public: owned(403, ok, 403),
  private: owned(404, ok, 404),
  connections: owned(404, ok, 404, 403),
});
/** Reading one of the owner's items: members read a public one; the other two as ownItem. */
const readItem: RouteAccess = {
  public: members(200),
  private: owned(404, 200, 404),
  connections: owned(404, 200, 404, 200),
};
/** A guide's page, map and exports: readItem, and a public guide a moderator hid is its owner's and admins'. */
const readGuide: RouteAccess = { ...readItem, hidden: owned(404, 200, 200) };
/** Likes and saves: a member reacts to someone else's public item; the own item is 403; someone else's private one 404. */
const reaction: RouteAccess = {
  'public tip': owned(200, 403, 200),
  'private tip': owned(404, 403, 404),
  'connections tip': owned(404, 403, 404, 200),
  'public guide': owned(200, 403, 200),
  'private guide': owned(404, 403, 404),
  'connections guide': owned(404, 403, 404, 200),
};
/** Accept or reject: only the addressee (`owner`); the requester and anyone not a party get 403. */
const answerRequest: RouteAccess = { 'third party': owned(403, 200, 403), 'caller is the requester': owned(403, 200, 403) };

export const ACCESS_TABLE: Readonly<Record<string, RouteAccess>> = {
  'GET /api/health': only(everyone(200)),
  'GET /api/ready': only(everyone(200)),
  'GET /api/auth/me': only(signedIn(200)),
  // 200 either way: signed in, or (two-factor on) asked for a code with no session yet.
  'POST /api/auth/sign-in': { default: everyone(200), 'two-factor account': everyone(200) },
  // ADR 075: the challenge cookie is the proof; a made-up one is 400 for all.
  'POST /api/auth/sign-in/two-factor': { valid: everyone(200), 'made-up challenge': everyone(400) },
  'GET /api/auth/two-factor': only(members(200)),
  'POST /api/auth/two-factor/setup': only(members(200)),
  'POST /api/auth/two-factor/enable': only(members(200)),
  'POST /api/auth/two-factor/recovery-codes': only(members(200)),
  'POST /api/auth/two-factor/disable': only(members(204)),
  'POST /api/auth/sign-up': only(everyone(201)),
  'POST /api/auth/sign-out': only(everyone(204)),
  'POST /api/auth/password': only(members(204)),
  // 202: a link to the new address; nothing changes until it is opened (ADR 028).
  'POST /api/auth/email': only(members(202)),
  // Public: the token is the proof. A valid one works for anyone; a made-up one is 400 for all.
  'POST /api/auth/email/confirm': { valid: everyone(200), 'made-up token': everyone(400) },
  // ADR 108: the undo link mailed to the address being left; the token is the proof.
  'POST /api/auth/email/undo': { valid: everyone(200), 'made-up token': everyone(400) },
  // Passkeys (issue 24, ADR 077): the member's own; another member's is 404 like an unknown one.
  'POST /api/auth/passkeys/registration-options': only(members(200)),
  'POST /api/auth/passkeys': only(members(201)),
  'GET /api/auth/passkeys': only(members(200)),
  'PATCH /api/auth/passkeys/:id': only(owned(404, 200, 404)),
  'DELETE /api/auth/passkeys/:id': only(owned(404, 204, 404)),
  'POST /api/auth/passkey-sign-in/options': only(everyone(200)),
  'POST /api/auth/passkey-sign-in': { valid: everyone(200), 'unknown passkey': everyone(400) },
  'POST /api/invitations': only(everyone(201)),
  // Issue 24 (ADR 073): the same 202 for any address; the link's token is the proof, for anyone.
  'POST /api/auth/password-reset/request': only(everyone(202)),
  'POST /api/auth/password-reset': { valid: everyone(200), 'made-up token': everyone(400) },
  // ADR 074: the caller's own sessions; another member's session id is 404, as an unknown one.
  'GET /api/auth/sessions': only(signedIn(200)),
  'DELETE /api/auth/sessions/:id': { 'own other session': signedIn(204), "another member's session": signedIn(404) },
  'POST /api/auth/sessions/sign-out-others': only(signedIn(200)),

  'GET /api/admin/invitations': only(admins(200)),
  'POST /api/admin/invitations/:id/approve': only(admins(200)),
  'POST /api/admin/invitations/:id/reject': only(admins(200)),
  'DELETE /api/admin/invitations/:id': only(admins(204)),
  'GET /api/admin/outbox': only(admins(200)),
  'GET /api/admin/stats': only(admins(200)),
  'GET /api/admin/users': { default: admins(200), 'search by e-mail': admins(200) },
  'PATCH /api/admin/users/:id/role': only(admins(200)),
  'DELETE /api/admin/users/:id': only(admins(204)),
  'GET /api/admin/pending-activations': only(admins(200)),
  'POST /api/admin/pending-activations/:id/resend': only(admins(200)),
  'DELETE /api/admin/pending-activations/:id': only(admins(204)),
  'GET /api/admin/system-messages': only(admins(200)),
  'POST /api/admin/system-messages': only(admins(201)),
  'PUT /api/admin/system-messages/:id': only(admins(200)),
  'PATCH /api/admin/system-messages/:id/active': only(admins(200)),
  'POST /api/admin/tip-types': only(admins(201)),
  'PUT /api/admin/tip-types/:id': only(admins(200)),

  'GET /api/tip-types': only(members(200)),
  'GET /api/map/settings': only(members(200)),
  'POST /api/uploads/tip-photos': only(members(201)),
  'POST /api/uploads/guide-photos': only(members(201)),
  // Any member may fetch a photo by its URL (docs/api.md: "for members"); the URL is unguessable.
  'GET /api/media/:bucket/:userId/:file': only(members(200)),
  'POST /api/tips': only(members(201)),
  'GET /api/tips/options': only(members(200)),
  'GET /api/tips/:id': readItem,
  'PUT /api/tips/:id': ownItem(200),
  'DELETE /api/tips/:id': ownItem(204),
  // Issue 36: the guides holding a tip, for its author's edit form only.
  'GET /api/tips/:id/guides': ownItem(200),
  'POST /api/likes/toggle': reaction,
  'POST /api/saves/toggle': reaction,
  'POST /api/guides': only(members(201)),
  'GET /api/guides/:id': readGuide,
  'PUT /api/guides/:id': ownItem(200),
  'DELETE /api/guides/:id': ownItem(204),
  'GET /api/users/:userId/content': only(members(200)),
  'GET /api/users/:userId/content/counts': only(members(200)),
  'GET /api/explore': {
    default: members(200),
    'most liked': members(200),
    'best rated': members(200),
    'most liked, no search': members(200),
  },
  'GET /api/explore/counts': only(members(200)),
  'GET /api/explore/suggestion': { 'a private word': members(200), 'a connections-only word': members(200) },
  'GET /api/explore/countries': only(members(200)),
  'GET /api/saved': only(members(200)),
  'GET /api/saved/counts': only(members(200)),
  // Someone else's saved row does not exist for the caller.
  'DELETE /api/saved/:id': only(owned(404, 204, 404)),
  'GET /api/home/feed': only(members(200)),
  'GET /api/home/popular': only(members(200)),
  'GET /api/home/checklist': only(members(200)),
  'GET /api/map/tips': only(members(200)),
  'GET /api/map/locate': only(members(200)),
  'GET /api/guides/:id/map': readGuide,
  // A guide's exports follow the guide (issue 23): a private guide is its owner's alone; a hidden one its owner's and admins'.
  'GET /api/guides/:id/calendar.ics': readGuide,
  'GET /api/guides/:id/route.gpx': readGuide,

  'PATCH /api/profiles/me': only(members(200)),
  'POST /api/profiles/me/avatar': only(members(200)),
  'GET /api/profiles/:userId': only(members(200)),
  'GET /api/profiles/by-username/:username': only(members(200)),
  'DELETE /api/account': only(members(204)),
  // "Download my data" (ADR 080): each member's own; a ticket opens only its member's export.
  'POST /api/account/export': only(members(201)),
  'GET /api/account/export/:ticket': { 'own ticket': members(200), "the owner's ticket": owned(404, 200, 404) },
  'GET /api/connections': only(members(200)),
  'GET /api/connections/discover': only(members(200)),
  'POST /api/connections': only(members(201)),
  'POST /api/connections/:id/accept': answerRequest,
  'POST /api/connections/:id/reject': answerRequest,
  // Cancel: only the requester (`owner`); the addressee and anyone not a party get 403.
  'DELETE /api/connections/:id': { 'third party': owned(403, 204, 403), 'caller is the addressee': owned(403, 204, 403) },
  'GET /api/users/:userId/connections': only(members(200)),
  'GET /api/users/:userId/relation': only(members(200)),
  'GET /api/notifications': only(members(200)),
  'GET /api/notifications/counts': only(members(200)),
  'POST /api/notifications/read-all': only(members(200)),
  // Someone else's notification: 403 (issue 6); an unknown id would be 404.
  'POST /api/notifications/:id/read': only(owned(403, 200, 403)),
  'POST /api/notifications/:id/unread': only(owned(403, 200, 403)),
  'GET /api/system-messages/active': only(members(200)),
  // A pending account gets its stream too (ready and system messages); see requests-account.ts.
  'GET /api/events': only(signedIn(200)),
  'GET /api/events/open': only(signedIn(200)),
  // Issue 25 (ADR 090): one's own notification choices; the signed unsubscribe link needs no session.
  'GET /api/notifications/preferences': only(members(200)),
  'PUT /api/notifications/preferences': only(members(200)),
  'POST /api/unsubscribe': { valid: everyone(200), forged: everyone(400) },
  'GET /api/admin/jobs': only(admins(200)),

  // Share links (ADR 068): the owner's alone; a working link is read by anyone, a revoked one by nobody.
  'GET /api/guides/:id/share-link': ownItem(200),
  'PUT /api/guides/:id/share-link': ownItem(200),
  'DELETE /api/guides/:id/share-link': ownItem(204),
  'GET /api/shared/guides/:token': { working: everyone(200), revoked: everyone(404) },
  'GET /api/shared/guides/:token/photos/:bucket/:userId/:file': {
    "the guide's photo": everyone(200),
    "a private tip's photo": everyone(404),
    "a connections-only tip's photo": everyone(404),
    'another upload of the owner': everyone(404),
  },

  // Blocks and removing a connection (issue 25, ADRs 086, 087).
  'GET /api/blocks': only(members(200)),
  'GET /api/members': only(members(200)),
  'POST /api/blocks': only(members(204)),
  // The owner's block: nobody else has one to lift (404).
  'DELETE /api/blocks/:userId': only(owned(404, 204, 404)),
  // Either member of an accepted connection; anyone else 403.
  'POST /api/connections/:id/remove': only(owned(403, 204, 403)),
  // Issue 25 (ADR 088): a member reports what they can see (a private tip is 404, admins
  // included); their own is 400. The Reports tab, its actions and the audit log are admins'.
  'POST /api/reports': {
    'public tip': owned(201, 400, 201),
    'private tip': owned(404, 400, 404),
    'connections tip': owned(404, 400, 404, 201),
  },
  'GET /api/admin/reports': only(admins(200)),
  'GET /api/admin/reports/open-count': only(admins(200)),
  'GET /api/admin/reports/handled': only(admins(200)),
  'POST /api/admin/moderation': only(admins(200)),
  'GET /api/admin/audit-log': only(admins(200)),
};
