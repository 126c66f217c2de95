import { Badge } from '@/components/ui/badge';

/** A guide's countries and #tags as badges (its page and its shared page); nothing when it has none. */
export function GuideBadges({ countries, tags }: { countries: readonly string[]; tags: readonly string[] }) {
  if (countries.length === 0 && tags.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {countries.map((country) => (
        <Badge key={country} variant="secondary">
          {country}
        </Badge>
      ))}
      {tags.map((tag) => (
        <Badge key={tag} variant="outline">
          #{tag}
        </Badge>
      ))}
    </div>
  );
}
