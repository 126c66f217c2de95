import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import type { ThemeChoice } from '@common/theme';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { chooseTheme, useThemeChoice } from '@/lib/theme';
import { cn } from '@/lib/utils';

const OPTIONS = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const satisfies readonly { value: ThemeChoice; label: string; icon: typeof Sun }[];

/** Appearance (own profile only): light, dark or the system's, applied at once in every tab (ADR 052). */
export function ThemeCard() {
  const choice = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Palette className="size-5 text-primary" aria-hidden />
          Appearance
        </CardTitle>
        <CardDescription id="theme-description">System follows your device&apos;s light or dark setting.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Native radios: arrow keys move between them, and a screen reader names the group. */}
        <fieldset aria-describedby="theme-description">
          <legend className="sr-only">Theme</legend>
          <div className="grid grid-cols-3 gap-1 rounded-lg border bg-muted p-1">
            {OPTIONS.map(({ value, label, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors',
                  'hover:text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  choice === value && 'bg-card text-foreground shadow-sm',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={choice === value}
                  onChange={() => chooseTheme(value)}
                  className="sr-only"
                />
                <Icon className="size-4" aria-hidden />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
