import { useState } from 'react';
import { format } from 'date-fns';
import { Pencil, Plus, Tags } from 'lucide-react';
import type { TipType } from '@common/schemas/tip-type';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTipTypes } from '@/lib/api/get-tip-types';
import { TipTypeDialog } from './tip-type-dialog';

type Editing = { key: number; tipType?: TipType } | null;

/** The list reads the public GET /api/tip-types (ordered by name); there is no delete (docs/product.md#the-admin-panel). */
export function TipTypesTab() {
  const { data, isPending } = useTipTypes();
  const [editing, setEditing] = useState<Editing>(null);
  const tipTypes = data ?? [];
  const open = (tipType?: TipType) => setEditing({ key: Date.now(), tipType });

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Tip Types</h2>
        <Button size="sm" onClick={() => open()}>
          <Plus aria-hidden />
          Add Tip Type
        </Button>
      </div>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : tipTypes.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
            <Tags className="size-8" aria-hidden />
            <p>No tip types yet.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Tip types">
          {tipTypes.map((tipType) => (
            <li key={tipType.id}>
              <Card data-testid="tip-type-row" aria-label={tipType.name}>
                <CardContent className="flex items-center justify-between gap-3 p-4">
                  <div className="flex items-center gap-3">
                    {tipType.color ? (
                      <span className="size-3 rounded-full" style={{ backgroundColor: tipType.color }} aria-hidden />
                    ) : null}
                    <div className="grid">
                      <h3 className="font-semibold">{tipType.name}</h3>
                      <p className="text-xs text-muted-foreground">
                        Created {format(new Date(tipType.createdAt), 'MMM d, yyyy')}
                      </p>
                    </div>
                  </div>
                  <Button size="sm" variant="outline" onClick={() => open(tipType)} aria-label={`Edit ${tipType.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <TipTypeDialog
          key={editing.key}
          open
          tipType={editing.tipType}
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
