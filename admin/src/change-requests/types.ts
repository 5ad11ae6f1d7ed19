/** A row of GET /api/admin/change-requests. */
export interface AdminChangeRequest {
  id: string;
  jobId: number;
  jobTitle: string;
  description: string;
  status: "pending" | "accepted" | "rejected" | "done";
  storyId: string | null;
  requestedBy: string | null;
  requestedByName: string;
  createdAt: string;
}

export const changeRequestStatusChoices = [
  { id: "pending", name: "Pending" },
  { id: "accepted", name: "Accepted" },
  { id: "rejected", name: "Rejected" },
  { id: "done", name: "Done" },
];
