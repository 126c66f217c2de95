import type { LucideIcon } from 'lucide-react';
import { BookOpen, Clock, Lightbulb, Mail, Users } from 'lucide-react';
import type { AdminStats } from '@common/schemas/admin';
import { Card, CardContent } from '@/components/ui/card';

const STATS: { key: keyof AdminStats; label: string; icon: LucideIcon }[] = [
  { key: 'totalUsers', label: 'Total Users', icon: Users },
  { key: 'pendingUsers', label: 'Waiting Activation', icon: Clock },
  { key: 'invitationRequests', label: 'Invitation Requests', icon: Mail },
  { key: 'totalTips', label: 'Total Tips', icon: Lightbulb },
  { key: 'totalGuides', label: 'Total Guides', icon: BookOpen },
];

/** A failed stats load is silent (docs/product.md#texts-word-for-word): the cards then show a dash. */
export function StatsCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" aria-label="Statistics">
      {STATS.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card data-testid={`stat-${key}`}>
            <CardContent className="flex items-center justify-between gap-3 p-4">
              <div className="grid gap-1">
                <p className="text-sm text-muted-foreground">{label}</p>
                <p className="text-2xl font-bold tabular-nums">{stats ? stats[key] : '–'}</p>
              </div>
              <Icon className="size-6 text-muted-foreground" aria-hidden />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
