import { describe, expect, it } from "vitest";
import { priorities, taskStatuses } from "./breakdown/types.js";
import {
  breakdownRunStatusLabels,
  changeRequestStatusLabels,
  deliveryStatusLabels,
  disputeOpenerLabels,
  disputeStatusLabels,
  ledgerTransactionKindLabels,
  emailStatusLabels,
  jobStatusLabels,
  paymentAttemptStatusLabels,
  paymentStatusLabels,
  priorityLabels,
  roleTypeLabels,
  taskStatusLabels,
  userTypeLabels,
} from "./labels.js";
import { paymentAttemptStatuses } from "./payments/payments.js";
import { jobStatuses, paymentStatuses } from "./policies/job-state.js";
import { emailStatuses } from "./schemas/admin.js";
import { breakdownRunStatuses, changeRequestStatuses } from "./schemas/breakdown.js";
import { roleTypes, userTypes } from "./users.js";
import { deliveryStatuses } from "./lifecycle/delivery.js";
import { ledgerTransactionKinds } from "./ledger/transactions.js";
import { disputeOpeners, disputeStatuses } from "./schemas/disputes.js";

// Each enum beside its table: the enum is what the database and the schemas accept, the table what the screens show.
const tables: [name: string, values: readonly string[], labels: Record<string, string>][] = [
  ["job status", jobStatuses, jobStatusLabels],
  ["job payment status", paymentStatuses, paymentStatusLabels],
  ["payment attempt status", paymentAttemptStatuses, paymentAttemptStatusLabels],
  ["task status", taskStatuses, taskStatusLabels],
  ["priority", priorities, priorityLabels],
  ["change request status", changeRequestStatuses, changeRequestStatusLabels],
  ["email status", emailStatuses, emailStatusLabels],
  ["breakdown run status", breakdownRunStatuses, breakdownRunStatusLabels],
  ["user type", userTypes, userTypeLabels],
  ["role type", roleTypes, roleTypeLabels],
  ["delivery status", deliveryStatuses, deliveryStatusLabels],
  ["ledger transaction kind", ledgerTransactionKinds, ledgerTransactionKindLabels],
  ["dispute status", disputeStatuses, disputeStatusLabels],
  ["dispute opener", disputeOpeners, disputeOpenerLabels],
];

describe.each(tables)("%s labels", (_name, values, labels) => {
  it.each(values.map((value) => [value]))("%s has a label", (value) => {
    expect(labels[value]?.trim()).toBeTruthy();
  });

  it("word no value the enum does not have", () => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
  });

  it("word no two values alike", () => {
    expect(new Set(Object.values(labels)).size).toBe(values.length);
  });
});

describe("labels shared by the portal and the back office", () => {
  it("word the statuses both show as the spec's screens do", () => {
    expect(taskStatusLabels.todo).toBe("To Do");
    expect(taskStatusLabels.in_progress).toBe("In Progress");
    expect(jobStatusLabels.in_progress).toBe("In Progress");
  });
});
