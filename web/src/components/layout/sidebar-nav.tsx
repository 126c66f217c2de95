import { NavLink } from 'react-router';
import {
  Bell,
  BookOpen,
  Bookmark,
  Compass,
  Home,
  Lightbulb,
  PlusCircle,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { CountBadge } from '@/components/ui/count-badge';
import { displayName } from '@/lib/display-name';
import { cn } from '@/lib/utils';
import type { ShellUser } from './shell-user';
import { UserAvatar } from './user-avatar';

type NavEntry = { to: string; label: string; icon: LucideIcon; badge?: number };

type SidebarNavProps = {
  user: ShellUser;
  unreadCount?: number;
  onNavigate?: () => void;
};

export function SidebarNav({ user, unreadCount = 0, onNavigate }: SidebarNavProps) {
  const entries: NavEntry[] = [
    { to: '/dashboard', label: 'Home', icon: Home },
    { to: '/notifications', label: 'Notifications', icon: Bell, badge: unreadCount },
    { to: '/explore', label: 'Explore', icon: Compass },
    { to: '/tips', label: 'My Tips & Guides', icon: BookOpen },
    { to: '/new-tip', label: 'New Tip', icon: Lightbulb },
    { to: '/new-guide', label: 'New Guide', icon: PlusCircle },
    { to: '/saved', label: 'Saved', icon: Bookmark },
    { to: '/connections', label: 'Connections', icon: Users },
  ];
  if (user.role === 'admin') entries.push({ to: '/admin', label: 'Admin Panel', icon: ShieldCheck });

  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <NavLink
        to="/profile"
        onClick={onNavigate}
        className="flex items-center gap-3 rounded-xl border bg-background/60 p-3 transition-colors hover:bg-muted"
      >
        <UserAvatar user={user} />
        <span className="grid min-w-0">
          <span className="truncate font-semibold">{displayName(user)}</span>
          {user.username ? <span className="truncate text-sm text-muted-foreground">@{user.username}</span> : null}
        </span>
      </NavLink>
      <nav aria-label="Main navigation">
        <ul className="grid gap-1">
          {entries.map(({ to, label, icon: Icon, badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-primary text-primary-foreground shadow-sm'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon className="size-4.5 shrink-0" aria-hidden />
                <span className="flex-1">{label}</span>
                {badge ? <CountBadge count={badge} label="unread" /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
