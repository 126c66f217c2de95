import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const TONES = {
  muted: 'bg-muted text-muted-foreground',
  accent: 'bg-accent text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground',
} as const;

type NoticeCardProps = {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: keyof typeof TONES;
  /** The title's element: h1 when the notice is the whole screen, p inside a list. */
  titleAs?: 'h1' | 'h2' | 'p';
  className?: string;
};

/** A dashed card with an icon, a title, a line of text and an action: empty, missing, refused. */
export function NoticeCard({
  icon: Icon,
  title,
  description,
  action,
  tone = 'muted',
  titleAs: Title = 'h2',
  className,
}: NoticeCardProps) {
  return (
    <Card className={cn('border-dashed text-center', className)}>
      <CardContent className="grid justify-items-center gap-4 py-10">
        <div className={cn('flex size-12 items-center justify-center rounded-full', TONES[tone])}>
          <Icon className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <Title className="text-lg font-semibold">{title}</Title>
          {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </CardContent>
    </Card>
  );
}
