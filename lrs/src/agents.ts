import { badRequest } from './errors';

/** An xAPI Agent or Group as JSON (xAPI 2.4.2). */
export interface Actor {
  objectType?: 'Agent' | 'Group';
  name?: string;
  mbox?: string;
  mbox_sha1sum?: string;
  openid?: string;
  account?: { homePage: string; name: string };
  member?: Actor[];
}

const IFIS = ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const;

/** The Inverse Functional Identifiers an Agent or Group carries (xAPI 2.4.2.3). */
export function ifiCount(actor: Actor): number {
  return IFIS.filter((name) => actor[name] !== undefined).length;
}

/**
 * One string per identified Agent/Group: the IFI (case of the mailto address kept) prefixed by the
 * object type, since an Agent and a Group with the same IFI are different (xAPI 1.0.3 Part 3 2.1.3).
 * Returns null for anonymous Groups.
 */
export function actorKey(actor: Actor): string | null {
  const prefix = actor.objectType === 'Group' ? 'G|' : 'A|';
  if (actor.mbox) return `${prefix}mbox|${actor.mbox}`;
  if (actor.mbox_sha1sum) return `${prefix}sha1|${actor.mbox_sha1sum.toLowerCase()}`;
  if (actor.openid) return `${prefix}openid|${actor.openid}`;
  if (actor.account) return `${prefix}account|${actor.account.homePage}|${actor.account.name}`;
  return null;
}

/** Key of an agent given as a query or document parameter: the IFI only (documents ignore objectType). */
export function agentParameterKey(actor: Actor): string {
  const key = actorKey({ ...actor, objectType: 'Agent' });
  if (!key) throw badRequest('agent must have exactly one inverse functional identifier');
  return key.slice(2);
}

/** The IFI-only form of an Agent/Group (format=ids, xAPI 1.0.3 Part 3 2.1.3). */
export function actorIds(actor: Actor): Actor {
  const out: Actor = {};
  if (actor.objectType) out.objectType = actor.objectType;
  for (const name of IFIS) if (actor[name] !== undefined) Object.assign(out, { [name]: actor[name] });
  if (actor.objectType === 'Group' && ifiCount(actor) === 0 && actor.member) out.member = actor.member.map(actorIds);
  return out;
}
