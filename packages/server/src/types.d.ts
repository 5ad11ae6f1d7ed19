import type { UserRecord } from "@forgehire/services";

declare global {
  namespace Express {
    // passport puts the deserialised user on req.user; ours is the services' record.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRecord {}
  }
}
