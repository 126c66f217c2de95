import type { ReactNode } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import { Bookmark, Check, ShieldCheck, Undo2 } from 'lucide-react';
import type { Notification } from '@common/schemas/notification';
import { Button } from '@/components/ui/button';
import { memberName } from '@/lib/display-name';
import { memberPath } from '@/components/navigation/member-path';
import { cn } from '@/lib/utils';

type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  /** `control`: the button pressed, so focus finds a neighbour if the item leaves the list. */
  onToggleRead: (notification: Notification, control: HTMLElement) => void;
  isToggling: boolean;
  /** What the member can do right here (Accept / Reject of a request, issue 36), composed by app/. */
  actions?: ReactNode;
};

/** From the admins as a whole (issues 25, 36): a report's outcome, a decision on one's own content, a new report. */
const MODERATION_TYPES: ReadonlySet<Notification['type']> = new Set(['moderation', 'content_moderated', 'report_received']);

/** Saves are anonymous (ADR 031): their notices show a neutral icon and name nobody. */
const isAnonymous = (notification: Notification) => notification.type === 'tip_saved' || notification.type === 'guide_saved';

export function NotificationItem({ notification, onOpen, onToggleRead, isToggling, actions }: NotificationItemProps) {
  const anonymous = isAnonymous(notification);
  const name = anonymous ? '' : memberName(notification.actor);
  const createdAt = new Date(notification.createdAt);
  const content = notification.content;
  // The server writes the actor's name first ('{name} sent you...'): show it in bold.
  const hasNamePrefix = !anonymous && content.startsWith(name);

  return (
    <li
      data-testid="notification-item"
      data-focus-item
      data-read={notification.isRead}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4',
        notification.isRead ? 'bg-card' : 'border-primary/30 bg-primary/5',
      )}
    >
      {anonymous ? (
        <SavedIcon />
      ) : MODERATION_TYPES.has(notification.type) ? (
        <ModerationIcon />
      ) : notification.actor ? (
        // The actor's profile at its URL (ADR 046); beside the item's button, as a link cannot sit inside one.
        <Link
          to={memberPath(notification.actor)}
          aria-label={`Open ${name}'s profile`}
          className="shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ActorAvatar name={name} pictureUrl={notification.actor.profilePictureUrl} />
        </Link>
      ) : (
        <ActorAvatar name={name} pictureUrl={null} />
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <button
          type="button"
          onClick={() => onOpen(notification)}
          className="flex min-w-0 cursor-pointer items-start gap-3 rounded-lg text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="grid min-w-0 gap-1">
            <span className={cn('text-sm wrap-anywhere', notification.isRead ? 'text-muted-foreground' : 'text-foreground')}>
              {hasNamePrefix ? (
                <>
                  <span className="font-semibold text-foreground">{name}</span>
                  {content.slice(name.length)}
                </>
              ) : (
                content
              )}
            </span>
            <time dateTime={notification.createdAt} title={createdAt.toLocaleString()} className="text-xs text-muted-foreground">
              {formatDistanceToNow(createdAt, { addSuffix: true })}
            </time>
          </span>
        </button>
        {actions}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {notification.isRead ? null : (
          <span className="size-2.5 rounded-full bg-destructive">
            <span className="sr-only">Unread</span>
          </span>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={isToggling}
          onClick={(event) => onToggleRead(notification, event.currentTarget)}
        >
          {notification.isRead ? <Undo2 aria-hidden /> : <Check aria-hidden />}
          <span className="sr-only sm:not-sr-only">{notification.isRead ? 'Mark unread' : 'Mark read'}</span>
        </Button>
      </div>
    </li>
  );
}

function ActorAvatar({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl) return <img src={pictureUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-teal-600 to-cyan-500 font-semibold text-white"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function SavedIcon() {
  return (
    <span
      aria-hidden
      data-testid="notification-saved-icon"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
    >
      <Bookmark className="size-5" />
    </span>
  );
}

/** A report's outcome (issue 25): from the admins as a whole, naming no one. */
function ModerationIcon() {
  return (
    <span
      aria-hidden
      data-testid="notification-moderation-icon"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
    >
      <ShieldCheck className="size-5" />
    </span>
  );
}
