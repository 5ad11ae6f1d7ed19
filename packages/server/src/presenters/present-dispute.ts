import type { Dispute } from "@forgehire/core";
import type { DisputeRecord } from "@forgehire/services";

/** A dispute as the API answers it (API.md "Delivery, held funds and payouts"). */
export function presentDispute(dispute: DisputeRecord): Dispute {
  return {
    id: dispute.id,
    jobId: dispute.jobId,
    storyId: dispute.storyId,
    status: dispute.status,
    reason: dispute.reason,
    openedBy: dispute.openedBy,
    openedVia: dispute.openedVia,
    providerDisputeId: dispute.providerDisputeId,
    openedAt: dispute.openedAt.toISOString(),
    resolvedBy: dispute.resolvedBy,
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
    releaseCents: dispute.releaseCents,
    refundCents: dispute.refundCents,
    note: dispute.note,
  };
}
