import Avatar from "@mui/material/Avatar";
import type { SxProps, Theme } from "@mui/material/styles";
import { avatarInitials } from "@forgehire/core";
import type { User } from "@forgehire/core";

interface UserAvatarProps {
  user: Pick<User, "firstName" | "lastName" | "email" | "avatarUrl">;
  size?: number;
  sx?: SxProps<Theme>;
}

/** The spec's avatar rule: the freelancer's image, else initials, else the email's first letter, else U. */
export default function UserAvatar({ user, size = 36, sx }: UserAvatarProps) {
  const initials = avatarInitials(user);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Avatar
      src={user.avatarUrl ?? undefined}
      alt={name}
      sx={[{ width: size, height: size, fontSize: size * 0.42, fontWeight: 700, bgcolor: "primary.main" }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {initials}
    </Avatar>
  );
}
