import type { ThemeChoice } from '@common/theme';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { chooseTheme } from '@/lib/choose-theme';
import { useThemeChoice } from '@/lib/theme';
import { cn } from '@/lib/utils';

// No icons: lucide's icons all land in the vendor chunk the sign-in page loads (vite.config.ts).
const OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const satisfies readonly { value: ThemeChoice; label: string }[];

/** Appearance (own profile only): light, dark or the system's, applied at once in every tab (ADR 052). */
export function ThemeCard() {
  const choice = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription id="theme-description">System follows your device&apos;s light or dark setting.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Native radios: arrow keys move between them, and a screen reader names the group. */}
        <fieldset aria-describedby="theme-description">
          <legend className="sr-only">Theme</legend>
          <div className="grid grid-cols-3 gap-1 rounded-lg border bg-muted p-1">
            {OPTIONS.map(({ value, label }) => (
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
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
