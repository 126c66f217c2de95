import { z } from 'zod';
import { ProfileCardSchema } from './profile';
import { MEMBER_FALLBACK_NAME } from '../texts';

export const CONNECTION_TEXTS = {
  alreadyConnectedTitle: 'Already connected',
  alreadyConnected: 'You are already connected to this user',
  alreadySentTitle: 'Request already sent',
  alreadySent: 'A connection request is already pending',
  requestFailed: 'Failed to send connection request',
  requestSent: 'Connection request sent!',
  statusFailed: 'Failed to update connection status',
  acceptedTitle: 'Connection accepted!',
  accepted: 'You are now connected!',
  rejectedTitle: 'Connection rejected',
  rejected: 'Connection request has been rejected',
  cancelFailed: 'Failed to cancel connection request',
  cancelled: 'Request cancelled',
  loadFailed: 'Failed to load connections',
  /** docs/product.md#screens: shown when a requester's profile is missing. */
  fallbackName: MEMBER_FALLBACK_NAME,
} as const;

/** The tabs of /connections, in the URL as ?tab= (ADR 046); the first is the default, left out. */
export const CONNECTIONS_TABS = ['connected', 'requests', 'sent', 'discover'] as const;
export type ConnectionsTab = (typeof CONNECTIONS_TABS)[number];

/** The link to a tab of /connections: a notice links where it is answered (issue 36). */
export const connectionsPath = (tab: ConnectionsTab) =>
  tab === CONNECTIONS_TABS[0] ? '/connections' : `/connections?tab=${tab}`;

/** Answering a request from its notice (issue 36): what the member is told when it is no longer open. */
export const REQUEST_ANSWER_TEXTS = {
  accept: 'Accept',
  reject: 'Reject',
  connected: 'You are connected.',
  rejected: 'You rejected this request.',
  /** The request was answered elsewhere (another tab or device) or withdrawn by its sender. */
  answered: 'This request was already answered or withdrawn.',
} as const;

export const CONNECTION_STATUSES = ['pending', 'accepted', 'blocked'] as const;
export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

/** How another member relates to the viewer (docs/product.md#connections). */
export const RelationSchema = z.enum(['connected', 'pending_sent', 'pending_received', 'none']);
export type Relation = z.infer<typeof RelationSchema>;

export const ConnectionEntrySchema = z.object({
  id: z.string(),
  status: ConnectionStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The other member of the pair. */
  member: ProfileCardSchema,
});
export type ConnectionEntry = z.infer<typeof ConnectionEntrySchema>;

/** GET /api/connections: the viewer's connections, newest first, in the tabs of docs/product.md#connections. */
export const MyConnectionsSchema = z.object({
  connected: z.array(ConnectionEntrySchema),
  received: z.array(ConnectionEntrySchema),
  sent: z.array(ConnectionEntrySchema),
});
export type MyConnections = z.infer<typeof MyConnectionsSchema>;

export const ConnectionRequestSchema = z.object({ addresseeId: z.uuid('Not a valid member id') });
