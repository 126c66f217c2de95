import { Link } from 'react-router';
import { Bell, LogOut, Menu } from 'lucide-react';
import { formatBadgeCount } from '@/components/ui/count-badge';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/display-name';
import { Brand } from './brand';
import type { ShellUser } from './shell-user';

type AppHeaderProps = {
  user: ShellUser;
  isSigningOut: boolean;
  onSignOut: () => void;
  onOpenMenu: () => void;
  unreadCount?: number;
};

export function AppHeader({ user, isSigningOut, onSignOut, onOpenMenu, unreadCount = 0 }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-card/85 backdrop-blur supports-[backdrop-filter]:bg-card/70">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" onClick={onOpenMenu}>
          <Menu className="size-5" aria-hidden />
        </Button>
        <Link to="/dashboard" aria-label="Waymark home" className="rounded-md">
          <Brand />
        </Link>
        <div className="ml-auto flex items-center gap-3">
          {/* Phones: the unread count without opening the menu (ADR 049); the sidebar shows it from lg. */}
          <Link
            to="/notifications"
            aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
            className="relative flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground lg:hidden"
          >
            <Bell className="size-5" aria-hidden />
            {unreadCount > 0 ? (
              <span
                aria-hidden
                className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-5 font-bold text-destructive-foreground"
              >
                {formatBadgeCount(unreadCount)}
              </span>
            ) : null}
          </Link>
          <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:inline" data-testid="header-user-name">
            {displayName(user)}
          </span>
          {/* Phones: the icon, its name for screen readers; a wide system font then still fits 360 px. */}
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={isSigningOut}>
            <LogOut aria-hidden />
            <span className="sr-only sm:not-sr-only">Sign Out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
