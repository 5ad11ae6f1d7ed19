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

/** The message of the first rule a value breaks, for the prompt to show under it; true when it passes. */
const rule = (schema: z.ZodType) => (value: string) => {
  const result = schema.safeParse(value);
  return result.success || (result.error.issues[0]?.message ?? "Invalid value");
};

/** A missing option's name as typed on the command line. */
const flag = (key: keyof CreateOptions) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Fills missing options by asking, but only when a person is at a terminal; scripts get an error instead. Each
 * answer is checked as it is typed by the same zod rule as the API's signup, so a bad one is asked again in place.
 */
async function completeOptions(options: CreateOptions): Promise<Required<CreateOptions>> {
  const keys = ["email", "password", "firstName", "lastName", "type"] as const;
  const missing = keys.filter((key) => !options[key]);
  if (missing.length === 0) return options as Required<CreateOptions>;
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(`Missing ${missing.map(flag).join(", ")} (no terminal to ask on)`);
  // Loaded when a question is asked: scripts that pass every option never load the prompts.
  const { input, password, select } = await import("@inquirer/prompts");
  const shape = createUserInput.shape;
  const answers: CreateOptions = { ...options };
  for (const key of missing) {
    if (key === "email") answers.email = await input({ message: "Email", required: true, validate: rule(shape.email) });
    if (key === "password") answers.password = await password({ message: "Password (at least 6 characters)", mask: "*", validate: rule(shape.password) });
    // The names default to the email's local part, capitalised: Enter accepts it.
    const local = (answers.email ?? "").split("@")[0]!.split(/[._-]/);
    const guess = (i: number) => (local[i] ? local[i]!.charAt(0).toUpperCase() + local[i]!.slice(1) : undefined);
    if (key === "firstName") answers.firstName = await input({ message: "First name", default: guess(0), validate: rule(shape.firstName) });
    if (key === "lastName") answers.lastName = await input({ message: "Last name", default: guess(1), validate: rule(shape.lastName) });
    if (key === "type")
      answers.type = await select({
        message: "Account type",
        default: "client",
        choices: userTypes.map((value) => ({ value, name: value, description: typeDescriptions[value] })),
      });
  }
  return answers as Required<CreateOptions>;
}

const typeDescriptions: Record<(typeof userTypes)[number], string> = {
  client: "posts jobs and pays for them",
  freelancer: "works on jobs and is paid per story",
  admin: "runs the back office and the CLI",
};

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
      { header: "ID", value: (u) => u.id, keep: true },
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
