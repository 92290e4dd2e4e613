import { hasRoleAtLeast, type MemberRole } from '../roles.ts';

/**
 * Whether a member may review analyses they see (issue 35): team leaders (their teams' analyses, which is
 * all they see), admins and owners by their role, anyone else with the reviewer permission. Nobody reviews
 * an analysis of which they are the representative.
 */
export function mayReviewAnalyses(role: MemberRole, reviewer: boolean): boolean {
  return reviewer || hasRoleAtLeast(role, 'teamleader');
}

/** The mean of the human scores (2 decimals), null without any. */
export function meanScore(scores: readonly (number | null)[]): number | null {
  const known = scores.filter((score): score is number => typeof score === 'number');
  if (known.length === 0) return null;
  return Math.round((known.reduce((sum, score) => sum + score, 0) / known.length) * 100) / 100 + 0;
}

/** Representative names compare as the rest of the product compares them: trimmed, case-insensitive. */
export function sameRepresentative(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a?.trim()) && a!.trim().toLowerCase() === b?.trim().toLowerCase();
}
