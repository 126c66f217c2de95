import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Globe2, MapPin } from 'lucide-react';
import { PROFILE_TEXTS, type ProfileCard } from '@common/schemas/profile';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { memberName } from '@/lib/display-name';
import { memberPath } from '@/components/navigation/member-path';
import { visibleCountries, wholePercent } from './card-helpers';

type MemberCardProps = {
  member: ProfileCard;
  /** The card's buttons (accept, reject, cancel, connect). */
  actions?: ReactNode;
  /** A line above the actions, e.g. when a request arrived. */
  note?: ReactNode;
  /** The card's "More actions" menu (block, remove), top right. */
  menu?: ReactNode;
};

/** A member card (docs/product.md#profiles): picture or initial, name, @username, country, bio, countries, % explored. */
export function MemberCard({ member, actions, note, menu }: MemberCardProps) {
  const name = memberName(member);
  const { shown, more } = visibleCountries(member.countriesVisited);
  // The avatar (and name) open the member's profile, at its shareable URL (ADR 046).
  const profileLink = memberPath(member);

  return (
    <Card data-testid="member-card" className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <Link
          to={profileLink}
          aria-label={`Open ${name}'s profile`}
          className="shrink-0 rounded-full focus-visible:ring-2 focus-visible:ring-ring outline-none"
        >
          <MemberAvatar name={name} pictureUrl={member.profilePictureUrl} />
        </Link>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link to={profileLink} className="truncate font-semibold hover:underline">
            {name}
          </Link>
          {member.username ? <span className="truncate text-sm text-muted-foreground">@{member.username}</span> : null}
          {member.country ? (
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden />
              {member.country}
            </span>
          ) : null}
        </div>
        {menu ? <div className="shrink-0">{menu}</div> : null}
      </div>
      {member.bio ? <p className="line-clamp-3 text-sm text-muted-foreground">{member.bio}</p> : null}
      <div className="grid gap-2">
        {shown.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Countries visited">
            {shown.map((country) => (
              <li key={country}>
                <Badge variant="secondary">{country}</Badge>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge variant="outline">+{more}</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Globe2 className="size-3.5 text-primary" aria-hidden />
          {wholePercent(member.worldExploredPercent)}
          {PROFILE_TEXTS.worldExplored}
        </span>
      </div>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </Card>
  );
}

export function MemberAvatar({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl) return <img src={pictureUrl} alt="" className="size-14 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-teal-600 to-cyan-500 text-xl font-semibold text-white"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
