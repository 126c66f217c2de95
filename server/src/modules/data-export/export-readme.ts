/** README.txt, the first entry of every export: what each file holds and how to read it (ADR 080). */
import { ORIGINAL_MAX_SIDE } from '@common/media-url';
import { PRODUCT_NAME } from '@common/texts';

export function exportReadme(exportedAt: Date, publicUrl: string): string {
  return `Your ${PRODUCT_NAME} data
${'='.repeat(PRODUCT_NAME.length + 10)}

Exported from ${publicUrl} at ${exportedAt.toISOString()} (UTC).

Files
-----
profile.json               Your account (e-mail, role, when it was created) and your profile.
invitation-request.json    The invitation request made with your e-mail address (null if none).
tips.jsonl                 Your tips, newest first, private ones included.
guides.jsonl               Your guides, newest first, each with its itinerary day by day.
likes.jsonl                The tips and guides you liked.
saves.jsonl                The tips and guides you saved.
connections.jsonl          Your connections and connection requests, both directions.
notifications.jsonl        Your notifications, newest first.
notification-choices.json  For each kind of notification: shown in ${PRODUCT_NAME} or not, and e-mail.
blocks.jsonl               The members you blocked, newest first.
reports.jsonl              The reports you made, newest first, with their outcome.
photos/                    The photo files of your tips, guides and profile picture.

Format
------
profile.json and invitation-request.json are ordinary JSON. The .jsonl files are JSON Lines:
one JSON object per line, so a file with thousands of records can be read line by line
(https://jsonlines.org). Text is UTF-8; times are ISO 8601 in UTC.

- Photos: each record lists its photos as {"url", "file"}; "file" is the path of the
  photo inside this zip. ${PRODUCT_NAME} does not keep the file you uploaded: on upload it
  re-encodes every photo as WebP (its longest side at most ${ORIGINAL_MAX_SIDE} pixels, camera
  and GPS metadata removed). The files here are that stored version, the largest there is.
  A photo whose file could not be found on the server is left out.
- Other members appear by username and name only. Their e-mail addresses and anything else
  they keep private are not part of your data.
- likes.jsonl and saves.jsonl: "title" is null when the item now belongs to someone who
  made it private.
- connections.jsonl: "direction" says who asked ("sent": you did). "status" is pending,
  accepted, or blocked (a request that was declined).
- notifications.jsonl: "from" is the member whose action it was, when there was one.
- tips.jsonl and guides.jsonl: "visibility" is public, connections or private; "isHidden" is
  true while a moderator hides the item from other members.
- notification-choices.json: "email" is off, immediate or daily (a digest).
- reports.jsonl: "about" is the tip, guide or member you reported ("title" is null when you
  can no longer see the item); "outcome" is null while the report is open. Who handled it,
  and any report others made, are not part of your data.
`;
}
