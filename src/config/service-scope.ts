// What this machine remembers of a service (names for completion, the last session per agent)
// belongs to that service: kept per profile and base URL, so switching profiles never offers
// another service's agents, and `--continue` never picks a session id from elsewhere.
import { normalizeBaseUrl } from './base-url.js';

/** The key of one service's records in state.json: the profile and the base URL it talks to. */
export function serviceScope(profile: string, baseUrl: string | undefined): string {
  return `${profile} ${baseUrl ?? ''}`;
}

/** The base URL as settings resolve it, or the text as given when it is not a valid URL. */
export function scopeBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    return normalizeBaseUrl(value);
  } catch {
    return value;
  }
}

/** The records of one service within the whole state file. */
export function scopedRecords(raw: Record<string, unknown>, scope: string): Record<string, unknown> {
  const services = objectOr(raw.services);
  return objectOr(services[scope]);
}

/**
 * Services kept: an emulator on a new port each time is a new service, and every command that
 * reads or writes state.json must not grow slower with each one ever used.
 */
const MOST_SERVICES_KEPT = 20;

/** The file with one service's records replaced; that service moves last, and beyond the most recent 20 the oldest go. */
export function withScopedRecords(
  raw: Record<string, unknown>,
  scope: string,
  records: Record<string, unknown>,
): Record<string, unknown> {
  const others = Object.entries(objectOr(raw.services)).filter(([key]) => key !== scope);
  const kept = others.slice(Math.max(0, others.length - (MOST_SERVICES_KEPT - 1)));
  return { ...raw, services: { ...Object.fromEntries(kept), [scope]: records } };
}

/** The value when it is a JSON object, else an empty one: what a hand-edited state file holds is checked, not trusted. */
export function objectOr(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
