import * as React from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notifyError } from '@/lib/notify';
import { useTipTypes } from '@/lib/api/get-tip-types';
import { TIP_SCREEN_TEXTS } from '../texts';

/** Category select fed by GET /api/tip-types; a failed load is toasted once and leaves it empty. */
export function TipCategorySelect({ id, value, onChange }: { id: string; value: string; onChange: (id: string) => void }) {
  const tipTypes = useTipTypes();

  React.useEffect(() => {
    if (tipTypes.isError) notifyError(TIP_SCREEN_TEXTS.loadCategoriesFailed);
  }, [tipTypes.isError]);

  return (
    <Select value={value} onValueChange={onChange} disabled={tipTypes.isPending}>
      <SelectTrigger id={id}>
        <SelectValue placeholder={tipTypes.isPending ? 'Loading categories...' : 'Select a category'} />
      </SelectTrigger>
      <SelectContent>
        {(tipTypes.data ?? []).map((type) => (
          <SelectItem key={type.id} value={type.id}>
            <span className="inline-flex items-center gap-2">
              {type.color ? <span className="size-2.5 rounded-full" style={{ backgroundColor: type.color }} aria-hidden /> : null}
              {type.name}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
