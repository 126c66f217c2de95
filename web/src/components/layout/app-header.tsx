import { Link } from 'react-router';
import { LogOut, Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/display-name';
import { Brand } from './brand';
import type { ShellUser } from './shell-user';

type AppHeaderProps = {
  user: ShellUser;
  isSigningOut: boolean;
  onSignOut: () => void;
  onOpenMenu: () => void;
};

export function AppHeader({ user, isSigningOut, onSignOut, onOpenMenu }: AppHeaderProps) {
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
          <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:inline" data-testid="header-user-name">
            {displayName(user)}
          </span>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={isSigningOut}>
            <LogOut aria-hidden />
            Sign Out
          </Button>
        </div>
      </div>
    </header>
  );
}
