import * as React from 'react';
import { Camera, Loader2 } from 'lucide-react';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { UserAvatar } from '@/components/layout/user-avatar';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useUploadAvatar } from '../api/upload-avatar';

const AVATAR_SIZE = 'size-24 text-3xl sm:size-28';

/** The profile picture; on the own profile a click picks an image and uploads it at once. */
export function AvatarUploader({ profile }: { profile: Profile }) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const user = {
    email: profile.email ?? '',
    name: profile.name,
    username: profile.username,
    profilePictureUrl: profile.profilePictureUrl,
  };

  if (!profile.isOwn) return <UserAvatar user={user} className={cn(AVATAR_SIZE, 'ring-4 ring-card')} />;

  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notifyError(PROFILE_TEXTS.pictureFailed);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess(PROFILE_TEXTS.pictureUpdated),
      onError: (error) => notifyError(serverMessageOr(error, PROFILE_TEXTS.pictureFailed)),
    });
  };

  return (
    <div className="relative shrink-0">
      <button
        type="button"
        className="group relative block rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        aria-label="Change profile picture"
        title="Change profile picture"
      >
        <UserAvatar user={user} className={cn(AVATAR_SIZE, 'ring-4 ring-card')} />
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
          <Camera className="size-6" aria-hidden />
        </span>
        <span className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground shadow">
          {upload.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Camera className="size-4" aria-hidden />}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile picture file"
        onChange={onFile}
      />
    </div>
  );
}
