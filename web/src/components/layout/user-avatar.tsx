import { initial } from '@/lib/display-name';
import { cn } from '@/lib/utils';

/** Whose avatar: the signed-in user of the shell, an author, a member (picture, else initial). */
type AvatarUser = Parameters<typeof initial>[0] & { profilePictureUrl: string | null };

export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  if (user?.profilePictureUrl) {
    return <img src={user.profilePictureUrl} alt="" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-teal-600 to-cyan-500 font-semibold text-white',
        className,
      )}
    >
      {initial(user)}
    </span>
  );
}
