import type { AdminAuditEntry } from '@shared/types';

// The audit log as sentences ('Ana Operator deactivated @bob: "spam links"'), with times in the
// operator's own zone, named (Intl), so an entry needs no decoding.

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who acted: the operator's card name (their address once the account is gone), or the command line. */
export function actorOf(entry: Pick<AdminAuditEntry, 'actor_kind' | 'actor' | 'actor_name'>) {
  if (entry.actor_kind === 'command_line') return capitalised(entry.actor);
  return entry.actor_name ?? entry.actor;
}

type Verb = (target: string, report: string) => string;
const VERBS: Record<string, Verb> = {
  activate: (t) => `activated ${t}`,
  deactivate: (t) => `deactivated ${t}`,
  reject: (t) => `rejected the sign-up ${t}`,
  takedown: (t, r) => `took down ${t}'s card${r ? ` (answering ${r})` : ''}`,
  restore: (t) => `restored ${t}'s card`,
  dismiss_report: (t, r) => `dismissed ${r || 'a report'} on ${t}`,
  reset_2fa: (t) => `reset the two-factor sign-in of ${t}`,
  grant_admin: (t) => `made ${t} an operator`,
  revoke_admin: (t) => `removed ${t} as an operator`,
  remove_domain: (t) => `removed the domain of ${t}'s card`,
};

/** One entry as a sentence, its reason quoted at the end. */
export function auditSentence(entry: AdminAuditEntry) {
  const target = entry.target ? `@${entry.target}` : 'an account';
  const report = entry.report_id == null ? '' : `report #${entry.report_id}`;
  const verb = VERBS[entry.action]?.(target, report) ?? `did "${entry.action.replace(/_/g, ' ')}" to ${target}`;
  return `${actorOf(entry)} ${verb}${entry.reason ? `: "${entry.reason}"` : ''}`;
}

const moment = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const day = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** An instant in the operator's zone, the zone named ('24 Nov 2026, 14:05 CET'). */
export const when = (iso: string | null) => (iso ? moment.format(new Date(iso)) : '');
/** A date alone, in the operator's zone. */
export const dateOf = (iso: string | null) => (iso ? day.format(new Date(iso)) : '');
