/**
 * Chat room ids and identities, built exactly as the spec builds them (spec part 2 §4), so rooms are found again
 * and reused rather than duplicated.
 */

/**
 * The id of the room between a client and a freelancer: one room per pair.
 * @param clientId the client's user id
 * @param freelancerId the freelancer's profile id
 * @returns `{clientId}_freelancer_{freelancerId}`
 */
export function clientFreelancerRoomId(clientId: string, freelancerId: string): string {
  return `${clientId}_freelancer_${freelancerId}`;
}

/**
 * The id of a room an admin opens with a job's poster.
 * @param adminId the admin's user id
 * @param jobId the job the conversation is about
 * @param now the moment of creation, passed in so the rule stays pure
 * @returns `admin_{adminId}_{jobId}_{milliseconds since the epoch}`
 */
export function adminRoomId(adminId: string, jobId: number | string, now: Date): string {
  return `admin_${adminId}_${jobId}_${now.getTime()}`;
}

/**
 * The identity an admin takes in a room's freelancer slot.
 * @param adminUserId the admin's user id
 * @returns `admin_{adminUserId}`
 */
export function adminFreelancerIdentity(adminUserId: string): string {
  return `admin_${adminUserId}`;
}

/**
 * Whether a room's freelancer slot holds an admin rather than a freelancer.
 * @param freelancerId the room's freelancer_id value
 * @returns true for admin-prefixed identities
 */
export function isAdminFreelancerIdentity(freelancerId: string): boolean {
  return freelancerId.startsWith("admin_");
}
