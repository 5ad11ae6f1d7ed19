import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { inputString } from "./common.js";

/** The spec's password rule: at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

const password = inputString().min(PASSWORD_MIN_LENGTH, errorCatalogue.WEAK_PASSWORD.message).max(200, "Password must be at most 200 characters");
const email = inputString().trim().toLowerCase().email("Please enter a valid email address").max(254);
const name = inputString().trim().min(1, "Required").max(100);

/** POST /api/auth/signup */
export const signupBody = z.object({
  /** login name, stored lower-case */
  email,
  /** at least 6 characters */
  password,
  firstName: name,
  lastName: name,
  /** admins are never made through signup */
  userType: z.enum(["client", "freelancer"]),
});
/** What a handler receives once `signupBody` has parsed the input. */
export type SignupBody = z.infer<typeof signupBody>;

/** POST /api/auth/login */
export const loginBody = z.object({
  email: inputString().trim().toLowerCase().min(1, "Required").max(254),
  password: inputString().min(1, "Required").max(200),
});
/** What a handler receives once `loginBody` has parsed the input. */
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/auth/recover */
export const recoverBody = z.object({ email: inputString().trim().toLowerCase().min(1, "Required").max(254) });
/** What a handler receives once `recoverBody` has parsed the input. */
export type RecoverBody = z.infer<typeof recoverBody>;

/** POST /api/auth/reset */
export const resetBody = z.object({
  /** the token from the emailed link */
  token: inputString().min(1).max(200),
  password,
});
/** What a handler receives once `resetBody` has parsed the input. */
export type ResetBody = z.infer<typeof resetBody>;

/** PUT /api/auth/password */
export const changePasswordBody = z.object({
  currentPassword: inputString().min(1, "Required").max(200),
  password,
});
/** What a handler receives once `changePasswordBody` has parsed the input. */
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * A confirmation must repeat the new password. zod runs the check even when the password itself is refused (a
 * too-short string does not abort), so both messages show at once.
 */
const confirmationMatches = <T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) =>
  schema.refine((form) => form.password === form.confirmPassword, {
    message: errorCatalogue.PASSWORDS_DO_NOT_MATCH.message,
    path: ["confirmPassword"],
  });

/** The reset screens' form (spec part 1 §5): the new password twice. The token travels apart, in resetBody. */
export const newPasswordForm = confirmationMatches(z.object({ password, confirmPassword: inputString() }));
/** What `newPasswordForm` yields. */
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** The Password & Security form: changePasswordBody plus the new password's confirmation. */
export const changePasswordForm = confirmationMatches(changePasswordBody.extend({ confirmPassword: inputString() }));
/** What `changePasswordForm` yields. */
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** PATCH /api/profile: email cannot be changed. */
export const updateProfileBody = z.object({ firstName: name, lastName: name }).strict();
/** What a handler receives once `updateProfileBody` has parsed the input. */
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** A user's notification e-mail switches as the API returns them (each on unless turned off). */
export const emailNotificationsSchema = z.object({
  /** e-mails when the user's job is paid, started and completed */
  jobUpdates: z.boolean(),
  /** an e-mail when a task message waits unread (at most one per task per 10 minutes) */
  taskMessages: z.boolean(),
  /** (freelancers) an e-mail when a submitted story is approved or sent back with changes requested */
  storyReviews: z.boolean(),
  /** an e-mail when a chat message waits unread (at most one per room per 10 minutes) */
  chatMessages: z.boolean(),
});
/** The shape `emailNotificationsSchema` describes. */
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;

/**
 * PATCH /api/profile as the server reads it: the names (both together, as the profile form sends them), the
 * notification switches (any of them), or both. The email cannot be changed.
 */
export const profilePatchBody = z
  .object({
    firstName: name.optional(),
    lastName: name.optional(),
    /** the switches to change; those left out keep their value */
    emailNotifications: z
      .object({
        jobUpdates: z.boolean("Must be true or false").optional(),
        taskMessages: z.boolean("Must be true or false").optional(),
        storyReviews: z.boolean("Must be true or false").optional(),
        chatMessages: z.boolean("Must be true or false").optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const names = [body.firstName, body.lastName].filter((value) => value !== undefined).length;
    // Nothing at all to change reads as the names missing, as before the switches existed.
    if (names === 2 || (names === 0 && body.emailNotifications !== undefined)) return;
    for (const field of ["firstName", "lastName"] as const) {
      if (body[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: "Required" });
    }
  });
/** What a handler receives once `profilePatchBody` has parsed the input. */
export type ProfilePatchBody = z.infer<typeof profilePatchBody>;

/** The user as the API returns it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(["client", "freelancer", "admin"]),
  roleType: z.enum(["regular", "job_poster", "freelancer", "admin"]),
  isAdmin: z.boolean(),
  freelancerId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** A disabled account cannot sign in; an admin turns it back on. */
  disabled: z.boolean(),
  /** which notification e-mails the user receives */
  emailNotifications: emailNotificationsSchema,
});
/** The shape `userSchema` describes. */
export type User = z.infer<typeof userSchema>;
