import type { SessionUser } from "@forgehire/services";

declare global {
  namespace Express {
    // passport puts the deserialised user on req.user; ours is the services' record
    // without the password hash (only sign-in and password changes read that).
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}
