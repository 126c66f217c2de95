import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { TIP_SCREEN_TEXTS as T } from '../texts';
import { tipPath } from '@/components/navigation/content-path';

/** Someone else's public tip on /edit-tip: no form (the server would refuse the save anyway, docs/product.md#who-may-do-what). */
export function NotTipOwner({ tipId }: { tipId: string }) {
  return (
    <NoticeCard
      icon={ShieldAlert}
      tone="accent"
      title={T.notOwner}
      description="This tip belongs to another member. You can still view it."
      action={
        <Button variant="outline" asChild>
          <Link to={tipPath(tipId)}>View the tip</Link>
        </Button>
      }
    />
  );
}
