import type { ReactNode } from 'react';
import { Compass } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

type EmptyStateProps = { title: string; description?: string; action?: ReactNode; icon?: ReactNode };

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          {icon ?? <Compass className="size-6" aria-hidden />}
        </div>
        <p className="text-lg font-semibold">{title}</p>
        {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
        {action}
      </CardContent>
    </Card>
  );
}
