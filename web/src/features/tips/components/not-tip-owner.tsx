import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { TIP_SCREEN_TEXTS as T } from '../texts';

/** Someone else's public tip on /edit-tip: no form (the server would refuse the save anyway, D2). */
export function NotTipOwner({ tipId }: { tipId: string }) {
  return (
    <Card className="border-dashed text-center">
      <CardContent className="grid justify-items-center gap-4 pt-8 pb-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ShieldAlert className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">{T.notOwner}</h2>
          <p className="text-sm text-muted-foreground">This tip belongs to another member. You can still view it.</p>
        </div>
        <Button variant="outline" asChild>
          <Link to={`/view-tip/${tipId}`}>View the tip</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
