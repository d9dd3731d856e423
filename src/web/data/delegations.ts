import type { DelegationProfile, DelegationSummary } from '../../../schemas/api';
import type { DataSource } from './source';

/**
 * DELEGATION/ALL lists the delegations and DELEGATION/{organisation} is one delegation's profile: one
 * type, two shapes (schemas/api/medals.ts). These readers give each its own.
 */
export async function delegationList(data: DataSource): Promise<DelegationSummary[]> {
  const doc = await data.document('DELEGATION', 'ALL');
  return doc && 'delegations' in doc ? doc.delegations : [];
}

export async function delegationProfile(data: DataSource, code: string): Promise<DelegationProfile | undefined> {
  const doc = code === 'ALL' ? undefined : await data.document('DELEGATION', code);
  return doc && !('delegations' in doc) ? doc : undefined;
}
