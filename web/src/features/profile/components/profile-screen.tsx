import { ReportDialog } from '@/components/content/report-dialog';
import * as React from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ArrowLeft, CalendarDays, Globe2, MapPin, Pencil, UserX, X } from 'lucide-react';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { CopyLinkButton } from '@/components/content/copy-link-button';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { memberPath } from '@/components/navigation/member-path';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { displayName } from '@/lib/display-name';
import { DocumentTitle, useDocumentTitle } from '@/lib/document-title';
import { isConnectionFailure } from '@/lib/network-error';
import { useProfile } from '../api/get-profile';
import { formatWorldExplored } from '../profile-form-values';
import { AvatarUploader } from './avatar-uploader';
import { ConnectButton } from './connect-button';
import { ProfileEditForm } from './profile-edit-form';
import { PasskeysCard } from './passkeys-card';
import { SecuritySettingsCard } from './security-settings-card';
import { SessionsCard } from './sessions-card';
import { ThemeCard } from './theme-card';
import { TwoFactorCard } from './two-factor-card';
import { TravelStatsCard } from './travel-stats-card';
import { YourDataCard } from './your-data-card';
import { NotificationChoicesCard } from './notification-choices-card';

/** /profile: the viewer's own profile (editable) or another member's (read-only). */
export function ProfileScreen({ userId, renderWorldMap }: { userId: string; renderWorldMap?: RenderWorldMap }) {
  const query = useProfile(userId);
  return (
    <ProfileQueryState query={query}>
      {(profile) => <ProfileView profile={profile} renderWorldMap={renderWorldMap} />}
    </ProfileQueryState>
  );
}

/** The world map of the countries visited (issue 22), beside "% of the world explored": app/ composes it. */
export type RenderWorldMap = (profile: Profile) => React.ReactNode;

/** A profile's loading, failure and not-found states; `children` once it is there. */
export function ProfileQueryState({
  query,
  children,
}: {
  query: UseQueryResult<Profile>;
  children: (profile: Profile) => React.ReactNode;
}) {
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  // Offline (TanStack pauses the request) or the server unreachable: say what happened, with
  // Try again and retries by itself, rather than spin or say "Something went wrong". Any other
  // refusal keeps the server's message below.
  const cannotConnect = !query.isError || isConnectionFailure(query.error);
  if (cannotConnect && hasQueryFailed(query)) return <QueryFailure query={query} />;
  if (query.isPending) return <Spinner label="Loading profile..." />;
  if (query.isError) {
    return (
      <>
        <DocumentTitle title={isNotFound ? 'Profile not found' : 'Profile'} />
        <NoticeCard
          icon={UserX}
          title={isNotFound ? 'Profile not found' : 'Failed to load profile'}
          titleAs="h1"
          description={isNotFound ? 'This member does not exist or is not active yet.' : errorMessage(query.error)}
          className="mx-auto w-full max-w-md"
          action={
            isNotFound ? (
              <Button variant="outline" asChild>
                <Link to="/dashboard">
                  <ArrowLeft aria-hidden />
                  Back to Home
                </Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </>
    );
  }
  return children(query.data);
}

/** Another member's "More actions" menu (block, remove; issue 25): app/ composes it. */
export type RenderMemberActions = (profile: Profile) => React.ReactNode;

export function ProfileView({
  profile,
  renderWorldMap,
  renderMemberActions,
}: {
  profile: Profile;
  renderWorldMap?: RenderWorldMap;
  renderMemberActions?: RenderMemberActions;
}) {
  const [isEditing, setIsEditing] = React.useState(false);
  const name = displayName(profile);
  useDocumentTitle(profile.isOwn ? 'My Profile' : name);

  return (
    // Mobile order: profile, stats, security; wide: stats in a right-hand column.
    <div className="mx-auto grid w-full max-w-5xl content-start items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="overflow-hidden lg:col-start-1">
        <div
          aria-hidden
          className="h-24 bg-gradient-to-r from-teal-600 via-cyan-500 to-sky-500 sm:h-28 dark:from-teal-800 dark:via-cyan-800 dark:to-sky-800"
        />
        <CardContent className="grid gap-5">
          <div className="-mt-12 flex flex-wrap items-end justify-between gap-4 sm:-mt-14">
            <AvatarUploader profile={profile} />
            <div className="flex flex-wrap gap-2">
              <CopyLinkButton path={memberPath(profile)} />
              {profile.isOwn ? (
                <Button type="button" variant={isEditing ? 'outline' : 'default'} onClick={() => setIsEditing((v) => !v)}>
                  {isEditing ? <X aria-hidden /> : <Pencil aria-hidden />}
                  {isEditing ? 'Cancel' : 'Edit Profile'}
                </Button>
              ) : (
                <>
                  <ConnectButton userId={profile.userId} />
                  {renderMemberActions?.(profile)}
                  <ReportDialog target="member" targetId={profile.userId} />
                </>
              )}
            </div>
          </div>
          <div className="grid gap-1">
            <h1 className="font-display text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{name}</h1>
            {profile.username ? <p className="text-sm text-muted-foreground">@{profile.username}</p> : null}
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {profile.country ? (
              <li className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {profile.country}
              </li>
            ) : null}
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              Joined {format(new Date(profile.createdAt), 'MMMM yyyy')}
            </li>
            <li className="flex items-center gap-1.5 font-medium text-primary">
              <Globe2 className="size-4" aria-hidden />
              {formatWorldExplored(profile.stats.worldExploredPercent)}
              {PROFILE_TEXTS.worldExplored}
            </li>
          </ul>
          {renderWorldMap?.(profile)}
          {isEditing ? (
            <div className="border-t pt-5">
              <h2 className="mb-4 text-lg font-semibold">Edit Profile</h2>
              <ProfileEditForm profile={profile} onDone={() => setIsEditing(false)} />
            </div>
          ) : (
            <ProfileDetails profile={profile} />
          )}
        </CardContent>
      </Card>
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <TravelStatsCard profile={profile} />
      </div>
      {profile.isOwn ? (
        <div className="grid gap-6 lg:col-start-1">
          <SecuritySettingsCard />
          <TwoFactorCard />
          <PasskeysCard />
          <SessionsCard />
          <YourDataCard />
          <ThemeCard />
          <NotificationChoicesCard />
        </div>
      ) : null}
    </div>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  return (
    <dl className="grid gap-4 border-t pt-5 text-sm sm:grid-cols-2">
      <div className="grid gap-1 sm:col-span-2">
        <dt className="font-medium text-muted-foreground">Bio</dt>
        <dd className="whitespace-pre-line wrap-anywhere">
          {profile.bio || (profile.isOwn ? 'Add a few words about yourself with Edit Profile.' : 'No bio yet.')}
        </dd>
      </div>
      {profile.isOwn ? (
        <>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Email Address</dt>
            <dd className="break-all">{profile.email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Preferred Currency</dt>
            <dd>{profile.currency ?? 'Not set'}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
