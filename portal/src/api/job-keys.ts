// Apart from jobs.ts, so that the boot code of main.tsx can seed the listing without bundling the jobs module.
import type { MyJobsFilter } from "@forgehire/core";

/** Query keys of the jobs module; every write invalidates `all`, so listings and details refresh together. */
export const jobKeys = {
  all: ["jobs"] as const,
  list: (page: number) => ["jobs", "list", page] as const,
  mine: (filter: MyJobsFilter, page: number) => ["jobs", "mine", filter, page] as const,
  detail: (id: number) => ["jobs", "detail", id] as const,
};
