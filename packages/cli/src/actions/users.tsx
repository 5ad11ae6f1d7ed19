import inquirer from "inquirer";
import { z } from "zod";
import { signupBody, userTypes } from "@forgehire/core";
import { adminUserUpdateBody } from "@forgehire/core";
import {
  createUser,
  findAccount,
  getUserForAdmin,
  listUsers,
  operatorActor,
  sendPasswordResetByAdmin,
  setUserDisabled,
  updateUserByAdmin,
  type UserRecord,
} from "@forgehire/services";
import { withServices } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { printJson, withoutSecrets } from "../output.js";
import { parseInput } from "../parse-input.js";
import { printTable } from "../views/table.js";

const createUserInput = signupBody.extend({ userType: z.enum(userTypes) });

export interface CreateOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  type?: string;
}

const prompts = {
  email: { type: "input", message: "Email" },
  password: { type: "password", message: "Password (at least 6 characters)", mask: "*" },
  firstName: { type: "input", message: "First name" },
  lastName: { type: "input", message: "Last name" },
  type: { type: "list", message: "Account type", choices: [...userTypes] },
} as const;

/** Fills missing options by asking, but only when a person is at a terminal; scripts get an error instead. */
async function completeOptions(options: CreateOptions): Promise<Required<CreateOptions>> {
  const missing = (Object.keys(prompts) as Array<keyof typeof prompts>).filter((key) => !options[key]);
  if (missing.length === 0) return options as Required<CreateOptions>;
  if (!process.stdin.isTTY) {
    throw new UsageError(`Missing ${missing.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")} (no terminal to ask on)`);
  }
  const answers = await inquirer.prompt(missing.map((name) => ({ name, ...prompts[name] })));
  return { ...options, ...answers } as Required<CreateOptions>;
}

/** users:create: every value from options, missing ones asked for on a terminal. */
export async function usersCreate(options: CreateOptions): Promise<void> {
  const complete = await completeOptions(options);
  const input = parseInput(createUserInput, {
    email: complete.email,
    password: complete.password,
    firstName: complete.firstName,
    lastName: complete.lastName,
    userType: complete.type,
  });
  const user = await withServices((services) => createUser(services, input));
  console.log(`Created ${user.userType} ${user.email} (${user.id})`);
}

export interface ListOptions {
  q?: string;
  type?: string;
  page: string;
  perPage: string;
  json?: boolean;
  as?: string;
}

/** users:list: a page of accounts, newest first, as a table or JSON. */
export async function usersList(options: ListOptions): Promise<void> {
  const query = parseInput(
    z.object({
      q: z.string().optional(),
      type: z.enum(userTypes).optional(),
      page: z.coerce.number().int().min(1),
      perPage: z.coerce.number().int().min(1).max(100),
    }),
    options,
  );
  const { rows, total } = await withServices(async (services) =>
    listUsers(services, await operatorActor(services, options.as), {
      q: query.q,
      userType: query.type,
      sort: "createdAt",
      order: "desc",
      offset: (query.page - 1) * query.perPage,
      limit: query.perPage,
    }),
  );
  if (options.json) return printJson(rows.map(withoutSecrets));
  await printTable<UserRecord>({
    columns: [
      { header: "ID", value: (u) => u.id },
      { header: "EMAIL", value: (u) => u.email },
      { header: "NAME", value: (u) => `${u.firstName} ${u.lastName}` },
      { header: "TYPE", value: (u) => u.userType },
      { header: "ROLE", value: (u) => u.roleType },
      { header: "DISABLED", value: (u) => (u.disabled ? "yes" : "") },
      { header: "CREATED", value: (u) => u.createdAt.toISOString().slice(0, 16).replace("T", " ") },
    ],
    rows,
    footer: `${rows.length} of ${total} (page ${query.page})`,
  });
}

/** users:show: one account (by email or id). */
export async function usersShow(ref: string, options: { json?: boolean; as?: string }): Promise<void> {
  const user = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    return getUserForAdmin(services, actor, (await findAccount(services, ref)).id);
  });
  if (options.json) return printJson(withoutSecrets(user));
  console.log(
    [
      `${user.firstName} ${user.lastName} <${user.email}>`,
      `ID:         ${user.id}`,
      `Type:       ${user.userType} (${user.roleType})`,
      `Disabled:   ${user.disabled ? "yes" : "no"}`,
      `Freelancer: ${user.freelancerId ?? "—"}`,
      `Created:    ${user.createdAt.toISOString()}`,
    ].join("\n"),
  );
}

/** users:send-reset: emails the account a password reset link, as "Forgot password" does. */
export async function usersSendReset(ref: string, options: { as?: string }): Promise<void> {
  const email = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const user = await findAccount(services, ref);
    await sendPasswordResetByAdmin(services, actor, user.id);
    return user.email;
  });
  console.log(`Sent a password reset link to ${email} (see emails:list).`);
}

/**
 * users:disable / users:enable: as the back office does it — disabling ends the account's sessions at once and its
 * login answers ACCOUNT_DISABLED; the rules (not yourself, not the last admin) are the use case's.
 */
export async function usersSetDisabled(ref: string, disabled: boolean, options: { as?: string }): Promise<void> {
  const user = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const target = await findAccount(services, ref);
    return setUserDisabled(services, actor, target.id, disabled);
  });
  console.log(`${disabled ? "Disabled" : "Enabled"} ${user.email} (${user.id})${disabled ? "; their sessions are ended." : "."}`);
}

/** users:set-type: make an account a client, a freelancer or an admin (never demoting the last enabled admin). */
export async function usersSetType(ref: string, type: string, options: { as?: string }): Promise<void> {
  const input = parseInput(adminUserUpdateBody, { userType: type });
  const user = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const target = await findAccount(services, ref);
    return updateUserByAdmin(services, actor, target.id, input);
  });
  console.log(`${user.email} is now ${user.userType} (${user.roleType}).`);
}
