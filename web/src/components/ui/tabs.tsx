import * as React from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** Chooses a tab: what a trigger calls for a click whose press Radix never saw. */
const ChooseTab = React.createContext<((value: string) => void) | undefined>(undefined);

/**
 * Radix selects a tab on press-down (and on focus). A press that began on a server-drawn page
 * before its scripts ran, and ends after they took it over, reaches React only as its release
 * and click (issue 36): the tab would stay unselected. So the triggers also answer a click whose
 * press they did not see, for controlled and uncontrolled tabs alike.
 */
export function Tabs({ value, defaultValue, onValueChange, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const [own, setOwn] = React.useState(defaultValue);
  const choose = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <ChooseTab.Provider value={choose}>
      <TabsPrimitive.Root value={value ?? own} onValueChange={choose} {...props} />
    </ChooseTab.Provider>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, onMouseDown, onClick, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const choose = React.useContext(ChooseTab);
  const sawPress = React.useRef(false);
  return (
    <TabsPrimitive.Trigger
      onMouseDown={(event) => {
        sawPress.current = true;
        onMouseDown?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        // A pointer's click (a keyboard's has detail 0, and Radix handles its keys itself).
        const isUnseenPress = event.detail > 0 && !sawPress.current;
        sawPress.current = false;
        if (isUnseenPress && !event.defaultPrevented && !props.disabled) choose?.(props.value);
      }}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm cursor-pointer [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        // Radix makes a panel a Tab stop: its focus shows like every control's.
        'mt-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  );
}
