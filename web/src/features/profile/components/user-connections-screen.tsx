import { Link, useNavigate } from 'react-router';
import { format } from 'date-fns';
import { ArrowLeft, CalendarDays, MapPin, Users } from 'lucide-react';
import { CONNECTION_TEXTS, type ConnectionEntry } from '@common/schemas/connection';
import { UserAvatar } from '@/components/layout/user-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { NoticeCard } from '@/components/ui/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/lib/notify';
import { displayName } from '@/lib/display-name';
import { useDocumentTitle } from '@/lib/document-title';
import { memberPath } from '@/components/navigation/member-path';
import { useUserConnections } from '../api/get-user-connections';

type UserConnectionsScreenProps = { userId: string; userName: string; profilePath: string };

/** /members/:username/connections (the original /user-connections): another member's accepted connections. */
export function UserConnectionsScreen({ userId, userName, profilePath }: UserConnectionsScreenProps) {
  const query = useUserConnections(userId);
  useDocumentTitle(`${userName} Connections`);
  useErrorToast(query.isError, CONNECTION_TEXTS.loadFailed);
  const entries = query.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start">
          <Link to={profilePath}>
            <ArrowLeft aria-hidden />
            Back to profile
          </Link>
        </Button>
        <h1 className="font-display text-3xl font-bold tracking-tight wrap-anywhere">{`${userName} Connections`}</h1>
        {query.isSuccess ? (
          <p className="text-sm text-muted-foreground">
            {entries.length === 1 ? '1 active connection' : `${entries.length} active connections`}
          </p>
        ) : null}
      </header>
      {hasQueryFailed(query) ? (
        <QueryFailure query={query} />
      ) : query.isPending ? (
        <Spinner label="Loading connections..." />
      ) : entries.length === 0 ? (
        <NoticeCard
          icon={Users}
          tone="secondary"
          title="No connections yet"
          description={`${userName} has not connected with anyone yet.`}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <ConnectionCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConnectionCard({ entry }: { entry: ConnectionEntry }) {
  const navigate = useNavigate();
  const { member } = entry;
  const name = displayName(member);
  return (
    <Card className="h-full transition-colors hover:border-primary/40">
      <button
        type="button"
        className="grid h-full w-full cursor-pointer content-start gap-3 rounded-xl p-5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => void navigate(memberPath(member))}
      >
        {/* Named by its text, which it shows (WCAG 2.5.3), after what it does. */}
        <span className="sr-only">{`Open ${name}'s profile`}</span>
        <div className="flex items-start gap-3">
          <UserAvatar user={member} className="size-12 text-lg" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="truncate font-semibold">{name}</span>
            {member.username ? <span className="truncate text-sm text-muted-foreground">@{member.username}</span> : null}
            <Badge variant="secondary" className="mt-1 justify-self-start">
              Connection
            </Badge>
          </div>
        </div>
        <CardContent className="grid gap-2 p-0 text-sm text-muted-foreground">
          {member.country ? (
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4 shrink-0" aria-hidden />
              {member.country}
            </span>
          ) : null}
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            Connected {format(new Date(entry.updatedAt), 'MMM d, yyyy')}
          </span>
          {member.bio ? <p className="line-clamp-2 text-foreground/80">{member.bio}</p> : null}
        </CardContent>
      </button>
    </Card>
  );
}
