import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BookOpen, Globe2, Lightbulb, Users, type LucideIcon } from 'lucide-react';
import type { Profile } from '@common/schemas/profile';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { memberPath } from '@/components/navigation/member-path';
import { cn } from '@/lib/utils';

/** Travel Stats: four tiles; all but Countries Visited open a list (docs/product.md#profiles). */
export function TravelStatsCard({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const { stats, isOwn } = profile;
  // Another member's lists at their URLs (ADR 046; the original app passed them in navigation state).
  const tipsPath = (tab?: 'guides') =>
    isOwn ? `/tips${tab ? `?tab=${tab}` : ''}` : memberPath(profile, 'tips', tab ? { tab } : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Travel Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3">
          <StatTile
            icon={Lightbulb}
            label="Tips Shared"
            value={stats.tipsCount}
            tone="bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300"
            onClick={() => void navigate(tipsPath())}
          />
          <StatTile
            icon={BookOpen}
            label="Guides Created"
            value={stats.guidesCount}
            tone="bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300"
            onClick={() => void navigate(tipsPath('guides'))}
          />
          <StatTile
            icon={Globe2}
            label="Countries Visited"
            value={stats.countriesVisitedCount}
            tone="bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300"
          />
          <StatTile
            icon={Users}
            label="Connections"
            value={stats.connectionsCount}
            tone="bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300"
            onClick={() => void navigate(isOwn ? '/connections' : memberPath(profile, 'connections'))}
          />
        </ul>
      </CardContent>
    </Card>
  );
}

type StatTileProps = { icon: LucideIcon; label: string; value: number; tone: string; onClick?: () => void };

function StatTile({ icon: Icon, label, value, tone, onClick }: StatTileProps) {
  const body: ReactNode = (
    <>
      <span className={cn('flex size-9 items-center justify-center rounded-lg', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
    </>
  );
  const base = 'grid h-full w-full justify-items-start gap-1.5 rounded-lg border bg-card p-4 text-left';
  return (
    <li>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          className={cn(
            base,
            'cursor-pointer transition-colors hover:border-primary/40 hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          )}
        >
          {body}
        </button>
      ) : (
        <div className={base}>{body}</div>
      )}
    </li>
  );
}
