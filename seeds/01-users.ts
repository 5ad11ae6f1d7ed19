import type { UserType } from "@forgehire/core";

/** The demo accounts; the same passwords are printed at first start. */
export const demoUsers: Array<{ key: string; email: string; password: string; firstName: string; lastName: string; userType: UserType }> = [
  { key: "admin", email: "admin@forgehire.local", password: "admin-demo", firstName: "Ada", lastName: "Admin", userType: "admin" },
  { key: "alice", email: "alice@forgehire.local", password: "client-demo", firstName: "Alice", lastName: "Baker", userType: "client" },
  { key: "bruno", email: "bruno@forgehire.local", password: "client-demo", firstName: "Bruno", lastName: "Costa", userType: "client" },
  { key: "nova", email: "nova@forgehire.local", password: "freelancer-demo", firstName: "Nova", lastName: "Agent", userType: "freelancer" },
  { key: "atlas", email: "atlas@forgehire.local", password: "freelancer-demo", firstName: "Atlas", lastName: "Bot", userType: "freelancer" },
  { key: "echo", email: "echo@forgehire.local", password: "freelancer-demo", firstName: "Echo", lastName: "Voice", userType: "freelancer" },
];
