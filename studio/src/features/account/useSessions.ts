/** The signed-in user's active sessions (better-auth's list-sessions), as server state in the query cache. */
import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../lib/authClient.ts';

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

export interface ActiveSession {
  id: string;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

/** Thrown when better-auth answers with an error, so the query shows its failed state. */
export class SessionsError extends Error {
  override name = 'SessionsError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchSessions(): Promise<ActiveSession[]> {
  const [list, current] = await Promise.all([authClient.listSessions(), authClient.getSession()]);
  if (list.error) throw new SessionsError(list.error.message ?? 'list-sessions failed', list.error.status);
  const currentToken = current.data?.session.token;
  return list.data
    .map((s) => ({
      id: s.id,
      token: s.token,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
      expiresAt: new Date(s.expiresAt),
      ipAddress: s.ipAddress ?? null,
      userAgent: s.userAgent ?? null,
      current: s.token === currentToken,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
}

export function useSessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: fetchSessions,
    enabled,
    retry: false,
    // The page shows its own alert with a retry; the app-wide reaction is for tRPC calls.
    meta: { skipError: true },
  });
}
