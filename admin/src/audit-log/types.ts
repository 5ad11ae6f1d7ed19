import { auditActionNames, auditedActions, auditVias, type AdminAuditEntry } from "@forgehire/core";

export const viaLabels: Record<string, string> = { "back-office": "Back office", cli: "CLI", system: "System" };
export const viaChoices = auditVias.map((via) => ({ id: via, name: viaLabels[via] ?? via }));
export const actionChoices = auditActionNames.map((action) => ({ id: action, name: `${auditedActions[action].label} (${action})` }));
export const resourceChoices = [...new Set(Object.values(auditedActions).map((entry) => entry.resource))].map((resource) => ({
  id: resource,
  name: resource[0]!.toUpperCase() + resource.slice(1),
}));

/** An action in words; an action this build does not know is shown as it comes. */
export const actionLabel = (action: string): string => (auditedActions as Record<string, { label: string } | undefined>)[action]?.label ?? action;

export const auditEntryRepresentation = (entry: AdminAuditEntry) => `${actionLabel(entry.action)} · ${entry.resource} ${entry.recordId}`;
